import Testing
@testable import ItineraryModel

/// The syntax rules behind `locale`, `timeZone`, `country` and URLs.
@Suite struct FieldSyntaxTests {
    @Test(arguments: [
        ("en_US", "en_US"), ("es-MX", "es-MX"), ("fr", "fr"), ("zh-Hant-TW", "zh-Hant-TW"),
        ("es-419", "es-419"), ("en_US.UTF-8", "en_US"), ("de_DE.utf8", "de_DE"), ("haw", "haw"),
        ("sr_Latn", "sr_Latn"), ("de-DE-1996", "de-DE-1996"), ("ca-ES-valencia", "ca-ES-valencia"),
    ])
    func acceptsLocales(text: String, stored: String) {
        #expect(LocaleIdentifier.normalized(text) == stored)
    }

    @Test(arguments: [
        "", "e", "english", "en_", "en__US", "en-US-", "12", "en_US.ISO-8859-1", "en-USA1",
        "en-US-Latn", "en-u-ca-gregory", "en US", "ç_US",
    ])
    func refusesLocales(text: String) {
        #expect(LocaleIdentifier.normalized(text) == nil)
    }

    @Test(arguments: [
        "UTC", "Etc/UTC", "America/Chicago", "America/Argentina/Buenos_Aires", "America/Port-au-Prince",
        "Europe/London", "Etc/GMT",
    ])
    func acceptsIANANames(name: String) {
        #expect(TimeZoneName.looksLikeIANAName(name))
    }

    @Test(arguments: [
        "EST", "PST", "GMT", "EST5EDT", "+05:00", "UTC-5", "GMT+5", "Etc/GMT+5", "Etc/GMT-3",
        "America/", "/Chicago", "America//Chicago", "America/New York", "", "utc",
    ])
    func refusesNonIANANames(name: String) {
        #expect(!TimeZoneName.looksLikeIANAName(name))
    }

    @Test(arguments: [
        "https://example.com", "http://example.com/a?b=c#d", "HTTPS://Example.COM",
        "https://user:pw@example.com:8443/x", "http://[::1]:8080/", "https://bücher.example/",
        "http://localhost",
    ])
    func acceptsWebURLs(text: String) {
        #expect(WebURL.isValid(text))
    }

    @Test(arguments: [
        "ftp://example.com", "example.com", "https://", "https:///path", "https://:80/",
        "https://exa mple.com", "mailto:a@example.com", "https://example.com:port/",
        "https://example.com:123456/", "javascript:alert(1)", "http:/example.com", "https://[zz]/",
        "https://user@/", " https://example.com",
    ])
    func refusesOtherURLs(text: String) {
        #expect(!WebURL.isValid(text))
    }
}
