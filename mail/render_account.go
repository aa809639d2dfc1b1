package mail

import (
	"fmt"
	"net/url"
	"time"

	"github.com/squaresapp/squares"
)

// renderAccount writes the messages about the account itself: a password reset link, and the notice that
// the password changed.
func renderAccount(ct *content, c *squares.Mail, link func(path string) string) {
	switch c.Kind {
	case squares.MailPasswordReset:
		minutes := int(squares.PasswordResetTTL / time.Minute)
		ct.Subject = "Reset your Squares password"
		ct.Paragraphs = []string{
			"We received a request to reset the password of the Squares account for this e-mail address.",
			fmt.Sprintf("Choose a new password with the link below. It works once, for %d minutes. Setting a new "+
				"password signs your account out on every device.", minutes),
			"If you did not ask for this, ignore this e-mail: your password stays the same.",
		}
		if c.Secret == "" {
			// Sent already (or no longer valid): the outbox keeps no usable link.
			ct.Paragraphs = append(ct.Paragraphs, "(The link is not kept once the e-mail has left the outbox.)")
			return
		}
		ct.ActionLabel = "Choose a new password"
		ct.ActionURL = link("/reset-password?" + url.Values{"token": {c.Secret}}.Encode())
	case squares.MailPasswordChanged:
		when := c.Data["at"]
		if t, err := time.Parse(time.RFC3339, when); err == nil {
			when = squares.FormatEastern(t)
		}
		ct.Subject = "Your Squares password was changed"
		if c.Data["how"] == "reset" {
			ct.Paragraphs = []string{fmt.Sprintf("The password of your Squares account was reset with a link sent to "+
				"this address, on %s. Every device signed in to your account was signed out.", when)}
		} else {
			ct.Paragraphs = []string{fmt.Sprintf("The password of your Squares account was changed on %s. Your "+
				"other signed-in devices were signed out.", when)}
		}
		ct.Paragraphs = append(ct.Paragraphs, "If this was not you, choose a new password at once with \"Forgot "+
			"password?\" on the sign-in screen, and tell us.")
		ct.ActionLabel, ct.ActionURL = "Sign in", link("/login")
	}
}
