// zlib, for gzip made of pieces deflated ahead (Web/Speed/GzipPieces.swift): the header is the target.
