import Foundation

/// An alert's e-mail: its subject and plain-text body, written in the watch's language.
package struct MailMessage: Sendable, Equatable {
    package let subject: String
    package let body: String
    package let date: Date
    package let id: String

    package init(subject: String, body: String, date: Date, id: String) {
        (self.subject, self.body, self.date, self.id) = (subject, body, date, id)
    }

    /// The message as DATA sends it: headers (the subject encoded as RFC 2047 UTF-8 base64),
    /// the body in UTF-8 quoted as base64 lines, and the end mark.
    package func data(from: String, to: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        let encodedBody = Data(body.utf8).base64EncodedString(options: [
            .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
        ])
        return [
            "From: Currency Converter <\(from)>", "To: <\(to)>", "Subject: =?UTF-8?B?\(Data(subject.utf8).base64EncodedString())?=",
            "Date: \(formatter.string(from: date))", "Message-ID: <\(id)@currency-converter>", "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", encodedBody, ".", "",
        ].joined(separator: "\r\n")
    }
}
