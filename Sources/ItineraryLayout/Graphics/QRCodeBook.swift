/// The QR codes a document will print, encoded on a thread of their own while the layout sets text.
import BackgroundThreads
import Foundation
import ItineraryModel
import ItineraryText

/// Encodes the QR codes of a trip's links ahead of the layout, on a second thread.
///
/// Encoding a code costs about 0.7 M instructions (libqrencode scores all eight masks and keeps
/// the best), 48 M on the 120-day trip's 66 tickets, and touches no font, surface or Pango
/// object, so it need not wait for the text engine's lock: the thread starts with the layout
/// and has usually finished before the first day card asks. Each code is encoded once, by
/// whichever thread claims it first; the other waits for it rather than encoding it again. The
/// codes are the ones `QRCode(_:)` gives, so the pages are the same bytes with or without it.
final class QRCodeBook: @unchecked Sendable {
    private enum Slot {
        case waiting
        case encoding
        case done(QRCode?)
    }

    /// Guards `slots`; signalled when a code is done.
    private let condition = NSCondition()
    private var slots: [String: Slot] = [:]

    /// `urls` in the order the layout will ask for them (repeats are encoded once). With
    /// `background` false, or fewer than two codes, nothing runs ahead: each is encoded when asked.
    init(urls: [String], background: Bool = true) {
        var order: [String] = []
        for url in urls where slots[url] == nil {
            slots[url] = .waiting
            order.append(url)
        }
        guard background, order.count > 1 else { return }
        // (Without a thread, every code is encoded when the layout asks for it.)
        _ = startDetachedThread { [self, order] in
            for url in order { _ = claim(url).map { encode($0) } }
        }
    }

    /// The links a trip's day cards print: each game's ticket and each custom item's address.
    convenience init(days: [Day], background: Bool = true) {
        var urls: [String] = []
        for day in days {
            for item in day.items {
                switch item {
                case let .game(game): if let url = game.ticket?.url { urls.append(url) }
                case let .custom(custom): if let url = custom.url { urls.append(url) }
                case .travel, .lodging: break
                }
            }
        }
        self.init(urls: urls, background: background)
    }

    /// The code for `url`, as `QRCode(url)` gives it: from the book when encoded ahead (waiting
    /// for the other thread when it is encoding this one), else encoded here.
    func code(_ url: String) -> QRCode? {
        condition.lock()
        while true {
            switch slots[url] {
            case nil:
                condition.unlock()
                return QRCode(url)
            case let .done(code)?:
                condition.unlock()
                return code
            case .waiting?:
                slots[url] = .encoding
                condition.unlock()
                return encode(url)
            case .encoding?:
                condition.wait()
            }
        }
    }

    /// Marks `url` as being encoded by the caller; nil when another thread has it or it is done.
    private func claim(_ url: String) -> String? {
        condition.lock()
        defer { condition.unlock() }
        guard case .waiting? = slots[url] else { return nil }
        slots[url] = .encoding
        return url
    }

    /// Encodes a claimed `url` and publishes the code.
    private func encode(_ url: String) -> QRCode? {
        let code = QRCode(url)
        condition.lock()
        slots[url] = .done(code)
        condition.broadcast()
        condition.unlock()
        return code
    }
}
