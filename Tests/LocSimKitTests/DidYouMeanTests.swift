import Testing

@testable import LocSimKit

/// "Did you mean" reaches every word of the language (docs/language.md,
/// "Errors"): `on` triggers and filters, answers written as a screen shows
/// them, calls and answers written without `app` or `user`, `expect` lines.
/// Header: line 1 to 3, so the first line of a body is line 4.
@Suite struct DidYouMeanTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var body: String
        var message: String
        var column: Int
        var testDescription: String { body.split(separator: "\n").joined(separator: " | ") }
        init(_ body: String, _ message: String, _ column: Int) {
            self.body = body
            self.message = message
            self.column = column
        }
    }

    static let cases: [Case] = [
        Case(
            "on didChangeAuthorisation app startUpdatingLocation",
            "unknown trigger 'didChangeAuthorisation'; did you mean 'didChangeAuthorization'?", 4),
        Case(
            "on didChangeAuthorization authorizedWhenInuse app startUpdatingLocation",
            "unknown status 'authorizedWhenInuse'; did you mean 'authorizedWhenInUse'?", 27),
        Case(
            "on didFailWithError kCLErrorDenid app requestLocation",
            "unknown error 'kCLErrorDenid'; did you mean 'kCLErrorDenied'?", 21),
        Case(
            "on update liveUpdate app requestLocation",
            "unknown update stream 'liveUpdate'; did you mean 'liveUpdates'?", 11),
        Case(
            "on prompt whenInUse user allowWhileUse",
            "unknown answer 'allowWhileUse'; did you mean 'allowWhileUsing'?", 26),
        Case(
            "on prompt whenInUse user Allow While Using",
            "unknown answer 'Allow'; did you mean 'allowWhileUsing'? (a scenario writes it as one word)", 26),
        Case(
            "0 launch\n1 user Don't Allow",
            "unknown answer 'Don't'; did you mean 'dontAllow'? (a scenario writes it as one word)", 8),
        Case(
            "0 launch\n1 startUpdatingLocation",
            "unknown event 'startUpdatingLocation'; did you mean 'app startUpdatingLocation'? (an app call starts with 'app')",
            3),
        Case(
            "0 launch\n1 allowOnce",
            "unknown event 'allowOnce'; did you mean 'user allowOnce'? (a user action starts with 'user')", 3),
        Case(
            "on didChangeAuthorization authorizedWhenInUse startUpdatingLocation",
            "unexpected 'startUpdatingLocation' in on; expected after <seconds> or app <call>; did you mean 'app startUpdatingLocation'? (an app call starts with 'app')",
            47),
        Case(
            "on didChangeAuthorization startUpdatingLocation",
            "unknown status 'startUpdatingLocation'; did you mean 'app startUpdatingLocation'? (an app call starts with 'app')",
            27),
        Case(
            "on launch startUpdatingLocation",
            "on launch takes no filter; found 'startUpdatingLocation' (only relaunch and wake take a reason); did you mean 'app startUpdatingLocation'? (an app call starts with 'app')",
            11),
        Case(
            "on prompt whenInUse allowOnce",
            "unexpected 'allowOnce' in on; expected user <answer>|dismiss; did you mean 'user allowOnce'? (a user action starts with 'user')",
            21),
        Case(
            "expect final auth authorizedAlway",
            "unknown status 'authorizedAlway'; did you mean 'authorizedAlways'?", 19),
        Case("expect delegat didUpdateLocations", "unknown record kind 'delegat'; did you mean 'delegate'?", 8),
    ]

    @Test(arguments: cases)
    func suggestsTheWordMeant(_ c: Case) {
        let e = ReactionTests.error(c.body)
        #expect(e?.message == c.message)
        #expect(e?.location.column == c.column)
    }

    /// Without a close keyword the list stays: no guess is better than a wrong one.
    @Test func farWordsKeepTheList() {
        let e = ReactionTests.error("on didChangeAuthorization sideways app requestLocation")
        #expect(e?.message.hasPrefix("unknown status 'sideways'; expected one of: notDetermined,") == true)
    }

    @Test func labelsAreJoinedIntoOneKeyword() {
        let answers = Answer.allCases.map(\.rawValue)
        #expect(Suggestion.phrase(["Allow", "While", "Using"], among: answers) == "allowWhileUsing")
        #expect(Suggestion.phrase(["Allow", "Once", "please"], among: answers) == "allowOnce")
        #expect(Suggestion.phrase(["Don't", "Allow"], among: answers) == "dontAllow")
        // One word is no phrase: `Allow` alone is `allow`, by case, elsewhere.
        #expect(Suggestion.phrase(["Allow"], among: answers) == nil)
        #expect(Suggestion.phrase(["Allow", "Never"], among: answers) == nil)
    }

    @Test func truncatedWordsGiveTheOneKeywordTheyStartAs() {
        let answers = Answer.allCases.map(\.rawValue)
        #expect(Suggestion.keyword(for: "allowWhileUse", among: answers) == "allowWhileUsing")
        // `allowA` shares `allowa` with `allowAlways` only, but six letters
        // of a word that may go on in many ways is too little for a guess
        // below three quarters.
        #expect(Suggestion.keyword(for: "allowAtFirstSight", among: answers) == nil)
        // Two keywords start alike: no guess.
        #expect(
            Suggestion.keyword(for: "stopMonitoringX", among: ["stopMonitoringRegion", "stopMonitoringVisits"]) == nil)
    }

    @Test func prefixedHintNamesTheWholePhrase() {
        let tables: [(prefix: String, keywords: [String])] = [("app", ["requestLocation"]), ("user", ["allowOnce"])]
        #expect(
            Suggestion.prefixedHint(for: "requestLocation", tables)
                == "; did you mean 'app requestLocation'? (an app call starts with 'app')")
        #expect(
            Suggestion.prefixedHint(for: "AllowOnce", tables)
                == "; did you mean 'user allowOnce'? (a user action starts with 'user')")
        #expect(Suggestion.prefixedHint(for: "launch", tables) == "")
    }
}
