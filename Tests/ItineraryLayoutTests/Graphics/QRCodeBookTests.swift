/// The QR codes encoded ahead are the codes `QRCode(_:)` gives, whichever thread encodes them.
import Foundation
@testable import ItineraryLayout
import ItineraryModel
import Testing

@Suite("QR code book")
struct QRCodeBookTests {
    static let urls = (0..<24).map { "https://tickets.example.com/event/\($0 * 7919)?seat=\($0)" }

    @Test("every code, asked in order, is the code QRCode gives")
    func inOrder() {
        let book = QRCodeBook(urls: Self.urls)
        for url in Self.urls { #expect(book.code(url) == QRCode(url)) }
    }

    @Test("asked in reverse, while the thread encodes from the front, each code is still QRCode's")
    func reverse() {
        let book = QRCodeBook(urls: Self.urls)
        for url in Self.urls.reversed() { #expect(book.code(url) == QRCode(url)) }
        // Asked again: the same code, from the book.
        for url in Self.urls { #expect(book.code(url) == QRCode(url)) }
    }

    @Test("a link the book did not foresee, a repeated one, and no thread at all")
    func edges() {
        let repeated = [Self.urls[0], Self.urls[1], Self.urls[0]]
        let book = QRCodeBook(urls: repeated)
        #expect(book.code(Self.urls[0]) == QRCode(Self.urls[0]))
        #expect(book.code("https://elsewhere.example/") == QRCode("https://elsewhere.example/"))
        let quiet = QRCodeBook(urls: Self.urls, background: false)
        #expect(quiet.code(Self.urls[5]) == QRCode(Self.urls[5]))
        // Too long for any version at level M: nil from the book as from QRCode.
        let huge = String(repeating: "x", count: 4000)
        #expect(QRCodeBook(urls: [huge, Self.urls[0]]).code(huge) == nil)
    }

    @Test("several threads asking at once each get QRCode's code")
    func concurrent() async {
        let book = QRCodeBook(urls: Self.urls)
        let expected = Dictionary(uniqueKeysWithValues: Self.urls.map { ($0, QRCode($0)) })
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for start in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for k in 0..<Self.urls.count {
                        let url = Self.urls[(k * (start + 1) + start) % Self.urls.count]
                        if book.code(url) != expected[url]! { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("the links of a trip's days: tickets and custom items, in day order")
    func tripLinks() {
        let game = Game(
            id: "g", league: "MLB", homeTeam: "CHC", awayTeam: "STL", stadium: "wrigley",
            startTime: Instant(secondsSince1970: 0), ticket: Ticket(url: Self.urls[2]))
        let days = [
            Day(date: CalendarDate(year: 2026, month: 6, day: 1)!, city: "Chicago", items: [.game(game)]),
            Day(
                date: CalendarDate(year: 2026, month: 6, day: 2)!, city: "Chicago",
                items: [.custom(CustomItem(category: .restaurant, title: "Dinner", url: Self.urls[3]))]),
        ]
        let book = QRCodeBook(days: days)
        #expect(book.code(Self.urls[2]) == QRCode(Self.urls[2]))
        #expect(book.code(Self.urls[3]) == QRCode(Self.urls[3]))
    }
}
