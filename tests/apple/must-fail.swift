// The check's own test (typecheck.sh): each line below must be reported
// for the declared floors, or the check proves nothing. Not part of any target.
import Darwin
import Synchronization

let counter = Atomic<Int>(0)  // macOS 15 / iOS 18: above the floor
var thread = pthread_t()  // Linux's spelling: Darwin's pthread_t is a pointer
let valid = String(validating: [0x61], as: UTF8.self)  // macOS 15 / iOS 18
