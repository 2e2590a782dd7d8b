import LocSimKit

/// A JUnit XML report, the test-report format GitLab, Jenkins and the
/// GitHub test-report actions read (`check --junit`, `explore --junit`;
/// docs/ci-shards.md, "JUnit reports"). Its shape is `docs/junit.xsd`'s.
///
/// Everything in it is deterministic but the `time` attributes; with
/// `times` false each is `0.000`, so two runs give the same bytes.
package struct JUnitReport: Equatable, Sendable {
    /// One `testcase`.
    package struct Case: Equatable, Sendable {
        package enum Result: Equatable, Sendable {
            case passed
            /// `<failure message="…">` with `details` as its text.
            case failed(message: String, details: String)
            /// `<skipped message="…"/>`.
            case skipped(String)
        }
        package var name: String
        package var classname: String
        /// The file it is about (GitLab links it), and the line in it.
        package var file: String
        package var line: Int? = nil
        package var microseconds = 0
        package var result: Result

        package init(
            name: String, classname: String, file: String, line: Int? = nil, microseconds: Int = 0, result: Result
        ) {
            (self.name, self.classname, self.file, self.line) = (name, classname, file, line)
            (self.microseconds, self.result) = (microseconds, result)
        }
    }

    /// One `testsuite`: its time is its cases' added up.
    package struct Suite: Equatable, Sendable {
        package var name: String
        package var cases: [Case]

        package init(name: String, cases: [Case]) {
            self.name = name
            self.cases = cases
        }
    }

    /// The `name` of `testsuites`: `locsim check`, `locsim explore`.
    package var name: String
    package var suites: [Suite]
    /// False: every `time` is `0.000` (`LOCSIM_JUNIT_TIMES=0`).
    package var times = true

    package init(name: String, suites: [Suite], times: Bool = true) {
        self.name = name
        self.suites = suites
        self.times = times
    }

    /// Counts of some cases, as the attributes of their element.
    private struct Counts {
        var tests = 0
        var failures = 0
        var skipped = 0
        var microseconds = 0

        init(_ cases: some Sequence<Case>) {
            for item in cases {
                tests += 1
                microseconds += item.microseconds
                switch item.result {
                case .passed: break
                case .failed: failures += 1
                case .skipped: skipped += 1
                }
            }
        }

        func attributes(times: Bool) -> String {
            "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\""
                + JUnitReport.seconds(times ? microseconds : 0) + "\""
        }
    }

    /// The document, UTF-8, ending in a newline.
    package var xml: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(Self.escaped(name))\" "
        out += Counts(suites.lazy.flatMap(\.cases)).attributes(times: times) + ">\n"
        for suite in suites {
            out += "  <testsuite name=\"\(Self.escaped(suite.name))\" "
            out += Counts(suite.cases).attributes(times: times) + ">\n"
            for item in suite.cases {
                out += "    <testcase name=\"\(Self.escaped(item.name))\" classname=\"\(Self.escaped(item.classname))\""
                out += " file=\"\(Self.escaped(item.file))\"" + (item.line.map { " line=\"\($0)\"" } ?? "")
                out += " time=\"" + Self.seconds(times ? item.microseconds : 0) + "\""
                switch item.result {
                case .passed:
                    out += "/>\n"
                case .failed(let message, let details):
                    out += ">\n      <failure message=\"\(Self.escaped(message))\" type=\"failure\">"
                    out += Self.escaped(details, attribute: false) + "</failure>\n    </testcase>\n"
                case .skipped(let message):
                    out += ">\n      <skipped message=\"\(Self.escaped(message))\"/>\n    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// Microseconds as seconds with three decimals, `0.012`.
    package static func seconds(_ microseconds: Int) -> String {
        let ms = max(0, microseconds + 500) / 1000
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    /// `text` as XML 1.0 character data, or an attribute value in double
    /// quotes. Markup characters become entities (so `]]>` is `]]&gt;`); a
    /// character XML 1.0 cannot hold at all — a control character but tab,
    /// LF and CR, U+FFFE, U+FFFF — becomes the visible text `\u{1B}`; a
    /// byte of a file name that is not UTF-8 (`SystemPath`'s U+10FF80 +
    /// byte) becomes `\xFF`. An attribute keeps its tabs and line breaks as
    /// character references, which parsers do not normalize away; text
    /// keeps CR as `&#13;` for the same reason.
    package static func escaped(_ text: String, attribute: Bool = true) -> String {
        var out = String.UnicodeScalarView()
        func append(_ string: String) { out.append(contentsOf: string.unicodeScalars) }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: append("&amp;")
            case 0x3C: append("&lt;")
            case 0x3E: append("&gt;")
            case 0x22 where attribute: append("&quot;")
            case 0x09 where attribute: append("&#9;")
            case 0x0A where attribute: append("&#10;")
            case 0x0D: append("&#13;")
            case 0x09, 0x0A: out.append(scalar)
            case 0..<0x20, 0xFFFE, 0xFFFF: append("\\u{" + hex(scalar.value) + "}")
            case 0x10FF80...: append("\\x" + hex(scalar.value - 0x10FF00))
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// Upper-case hexadecimal, two digits at least.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
