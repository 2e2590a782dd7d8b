import Synchronization
import Testing

@testable import LocSimKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ParallelMap.stream`: `check` runs scenarios while its walk finds more.
@Suite struct ParallelMapTests {
    struct Stop: Error {}

    final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

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
            let started = Flag()
            var seenWhileProducing = false
            _ = ParallelMap.stream(threads: threads) { (emit: (Int) -> Void) in
                emit(0)
                emit(1)
                for _ in 0..<2000 where !seenWhileProducing {  // up to 2 s
                    seenWhileProducing = started.raised.load(ordering: .acquiring)
                    usleep(1000)
                }
                emit(2)
            } _: { i in
                started.raised.store(true, ordering: .releasing)
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
}
