/// Creating an account from the sign-up form.
struct SignupInteractor: Sendable {
    let accounts: any AccountService
    let isOpen: Bool

    /// Whether the form may be shown at all.
    func checkOpen() throws(Signup.Failure) {
        guard isOpen else { throw .closed }
    }

    func signUp(_ input: Signup.Input) async throws -> Signup.Outcome {
        try checkOpen()
        let kept = Signup.Input(email: input.email?.trimmingCharacters(in: .whitespacesAndNewlines), next: input.next)
        let password = input.password ?? ""
        if password != (input.passwordConfirmation ?? "") {
            var errors: [Signup.Field: String] = [.passwordConfirmation: "The two passwords differ."]
            if let problem = Password.problem(with: password) { errors[.password] = problem }
            return .invalid(errors, input: kept)
        }
        do {
            let user = try await accounts.register(email: kept.email ?? "", password: password, role: .user)
            return .created(user, next: LocalPath(input.next))
        } catch let error as AccountError {
            switch error {
            case .invalidEmail, .emailTaken: return .invalid([.email: error.description], input: kept)
            case .weakPassword: return .invalid([.password: error.description], input: kept)
            }
        }
    }
}
