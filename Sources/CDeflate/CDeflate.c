// zlib, for gzip made of pieces deflated ahead (Web/Speed/GzipCompression.swift): the header is the target.
