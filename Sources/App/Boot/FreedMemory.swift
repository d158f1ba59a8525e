#if canImport(Glibc)
    import Glibc
#endif

/// Hands back to the system the memory a one-off piece of work freed. Reading and blending 27
/// years before the first request leaves glibc's arenas holding what the read's rows and texts
/// took: unreturned, a first start stayed at 151 MB resident (136 MB when the days were read on
/// the first request instead); returned, 84 MB, and 136 MB instead of 186 after the bench's
/// varied targets.
enum FreedMemory {
    static func release() {
        #if canImport(Glibc)
            // `malloc_trim` is glibc's (malloc.h, which Swift's Glibc module leaves out): looked up once.
            guard let trim = trimFunction else { return }
            _ = trim(0)
        #endif
    }

    #if canImport(Glibc)
        private typealias Trim = @convention(c) (Int) -> Int32
        private static let trimFunction: Trim? = dlsym(nil, "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }
    #endif
}
