import Testing

@testable import LocSimKit
@testable import LocSimTool

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ParallelMap.stream`: `check` runs scenarios while its walk finds more.
@Suite struct ParallelMapTests {
    struct Stop: Error {}


    @Test(arguments: [1, 2, 4])
    func resultsComeInTheOrderTheItemsWereEmitted(threads: Int) {
        let squares = ParallelMap.stream(threads: threads) { (emit: (Int) -> Void) in
            for i in 0..<1000 { emit(i) }
        } _: { i in
            i * i
        }
        #expect(squares == (0..<1000).map { $0 * $0 })
        let none = ParallelMap.stream(threads: threads) { (_: (Int) -> Void) in
        } _: {
            $0
        }
        #expect(none.isEmpty)
    }

    /// With a second thread, the first items are worked on while the
    /// producer still runs; with one, only once it has finished.
    @Test func workStartsBeforeTheLastItemIsFound() {
        for threads in [1, 2] {
            let started = Locked(false)
            var seenWhileProducing = false
            _ = ParallelMap.stream(threads: threads) { (emit: (Int) -> Void) in
                emit(0)
                emit(1)
                for _ in 0..<2000 where !seenWhileProducing {  // up to 2 s
                    seenWhileProducing = started.withLock { $0 }
                    usleep(1000)
                }
                emit(2)
            } _: { i in
                started.withLock { $0 = true }
                return i
            }
            #expect(seenWhileProducing == (threads == 2))
        }
    }

    /// A single item starts no thread (`check x.scn`): the caller's thread works it.
    @Test func aSingleItemRunsOnTheCallersThread() {
        let caller = pthread_self()
        let onCaller = ParallelMap.stream(threads: 4) { (emit: (Int) -> Void) in
            emit(0)
        } _: { _ in
            pthread_equal(pthread_self(), caller) != 0
        }
        #expect(onCaller == [true])
    }

    /// The producer's error comes out, once the threads have stopped.
    @Test(arguments: [1, 2, 4])
    func theProducersErrorIsRethrown(threads: Int) {
        #expect(throws: Stop.self) {
            _ = try ParallelMap.stream(threads: threads) { (emit: (Int) -> Void) throws(Stop) in
                for i in 0..<100 { emit(i) }
                throw Stop()
            } _: {
                $0
            }
        }
    }

    /// Once every item is emitted, the caller's thread works from the last
    /// item back while the others go on from the front, so they meet in the
    /// middle; each item runs once and the results keep the emitted order.
    @Test(arguments: [2, 3])
    func theCallerWorksFromTheLastItemBack(threads: Int) {
        let caller = pthread_self()
        let runs = Locked<[(item: Int, onCaller: Bool)]>([])
        let results = ParallelMap.stream(threads: threads) { (emit: (Int) -> Void) in
            for i in 0..<40 { emit(i) }
        } _: { i in
            usleep(2000)
            runs.withLock { $0.append((i, pthread_equal(pthread_self(), caller) != 0)) }
            return i
        }
        #expect(results == Array(0..<40))
        let all = runs.withLock { $0 }
        #expect(all.map(\.item).sorted() == Array(0..<40))
        let callers = all.filter(\.onCaller).map(\.item)
        let others = all.filter { !$0.onCaller }.map(\.item)
        #expect(callers.first == 39)
        #expect(callers == callers.sorted(by: >))
        #expect(!others.isEmpty && others.allSatisfy { item in callers.allSatisfy { $0 > item } })
    }

    /// Threads are dealt processors from the one after the caller's, the
    /// caller's last; with one processor there is nothing to deal.
    @Test func processorsAreDealtFromTheOneAfterTheCallers() {
        typealias Placement = ParallelMap.Placement
        #expect(Placement.dealingOrder(allowed: [0, 1], caller: 1) == [1, 0])
        #expect(Placement.dealingOrder(allowed: [2, 5, 7], caller: 5) == [5, 7, 2])
        #expect(Placement.dealingOrder(allowed: [2, 5, 7], caller: 3) == [2, 5, 7])
        #expect(Placement.dealingOrder(allowed: [4], caller: 4).isEmpty)
        #expect(Placement.dealingOrder(allowed: [], caller: 0).isEmpty)
    }

    #if os(Linux)
        /// Each started thread runs on one processor of the process's, so it
        /// is not left queued behind the caller (issue 31 item 9); the
        /// caller's own mask is untouched, and the default job count read on
        /// a bound thread is 1, as `nproc` under `taskset -c 0` prints.
        @Test(.enabled(if: (ParallelMap.Placement.allowedProcessors()?.count ?? 0) > 1))
        func startedThreadsAreBoundToOneProcessorEach() throws {
            // As the programs do at start (Sources/locsim/main.swift); the
            // libraries install none. Every test that sets it sets this value.
            ParallelMap.placement = ParallelMap.Placement.self
            let allowed = try #require(ParallelMap.Placement.allowedProcessors())
            #expect(ParallelMap.coreCount == allowed.count)
            let caller = pthread_self()
            let seen = ParallelMap.map(20, threads: 3) { _ in
                usleep(2000)
                return (
                    onCaller: pthread_equal(pthread_self(), caller) != 0,
                    mask: ParallelMap.Placement.allowedProcessors() ?? [], cores: ParallelMap.coreCount
                )
            }
            let started = seen.filter { !$0.onCaller }
            #expect(!started.isEmpty)
            for thread in started {
                #expect(thread.mask.count == 1 && allowed.contains(thread.mask[0]))
                #expect(thread.cores == 1)
            }
            #expect(seen.filter(\.onCaller).allSatisfy { $0.mask == allowed })
            #expect(ParallelMap.Placement.allowedProcessors() == allowed)
        }
    #endif
}
