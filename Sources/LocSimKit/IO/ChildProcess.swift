// Processes are started on macOS and Linux only: iOS, tvOS, watchOS and
// visionOS refuse `posix_spawn` (prohibited on tvOS and watchOS, refused by
// the sandbox on an iOS device), so there a track is refused
// (`TrackSource.gpxReader`).
#if os(macOS) || os(Linux)

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A program started with `posix_spawn` whose standard output is a pipe to
    /// this process (its standard input is `/dev/null`, its standard error ours).
    ///
    /// The owner reads `output`, then calls `finish()` exactly once: it closes
    /// the pipe, kills the child if it has not exited yet, and reaps it, so no
    /// zombie and no descriptor is left behind however the reading ended.
    struct ChildProcess {
        let pid: pid_t
        /// The read end of the child's standard output.
        let output: Int32

        /// How a child ended.
        enum Ending: Equatable {
            case exited(Int32)
            case signalled(Int32)
        }

        /// Starts `executable` with `arguments` (without the program name).
        ///
        /// - Returns: the child, or why `pipe` or `posix_spawn` failed.
        static func spawn(
            _ executable: String, _ arguments: [String], input: Int32? = nil
        ) -> Result<ChildProcess, FileError> {
            var fds: [Int32] = [-1, -1]
            // Close-on-exec on both ends, set under a lock that every spawn
            // takes: `check` replays on several threads, and a write end leaked
            // into a sibling's child would hold that pipe open. (Glibc's
            // `pipe2`, which sets the flag at once, is not visible to Swift.)
            pthread_mutex_lock(spawnLock)
            defer { pthread_mutex_unlock(spawnLock) }
            guard pipe(&fds) == 0 else { return .failure(FileError("cannot start", executable, code: errno)) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            #if canImport(Darwin)
                var actions: posix_spawn_file_actions_t? = nil
            #else
                var actions = posix_spawn_file_actions_t()
            #endif
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if let input {
                posix_spawn_file_actions_adddup2(&actions, input, 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            // `dup2` clears close-on-exec on the child's copy.
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)

            let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for arg in argv { free(arg) } }
            var pid: pid_t = 0
            let code = posix_spawn(&pid, executable, &actions, nil, argv, Self.environment)
            close(fds[1])
            guard code == 0 else {
                close(fds[0])
                return .failure(FileError("cannot start", executable, code: code))
            }
            return .success(ChildProcess(pid: pid, output: fds[0]))
        }

        /// Taken around `pipe`, `fcntl` and `posix_spawn` (see `spawn`).
        private nonisolated(unsafe) static let spawnLock: UnsafeMutablePointer<pthread_mutex_t> = {
            let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            pthread_mutex_init(lock, nil)
            return lock
        }()

        private static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
            #if canImport(Darwin)
                UnsafePointer(_NSGetEnviron().pointee)
            #else
                UnsafePointer(environ)
            #endif
        }

        /// Closes the pipe, kills the child if `killing` (it is still writing:
        /// the reader stopped early), and waits for it.
        func finish(killing: Bool) -> Ending {
            close(output)
            if killing { kill(pid, SIGKILL) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                if errno != EINTR { return .exited(-1) }
            }
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
            let signal = status & 0x7f
            return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }

        /// The folder of the running executable, symbolic links resolved, or
        /// `nil` if the system does not say.
        static func executableDirectory() -> String? {
            #if canImport(Darwin)
                var size: UInt32 = 0
                _ = _NSGetExecutablePath(nil, &size)
                var buffer = [CChar](repeating: 0, count: Int(size) + 1)
                guard _NSGetExecutablePath(&buffer, &size) == 0, let real = realpath(buffer, nil) else { return nil }
                defer { free(real) }
                return FileIO.directory(of: String(cString: real))
            #else
                var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = buffer.withUnsafeMutableBufferPointer { pointer in
                    pointer.withMemoryRebound(to: CChar.self) {
                        readlink("/proc/self/exe", $0.baseAddress!, Int(PATH_MAX))
                    }
                }
                guard count > 0 else { return nil }
                return FileIO.directory(of: String(decoding: buffer[..<count], as: UTF8.self))
            #endif
        }
    }

#endif
