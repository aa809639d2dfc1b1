package mail

import (
	"crypto/tls"
	"fmt"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// smtpSettings is a parsed SQUARES_SMTP_URL.
type smtpSettings struct {
	host     string
	port     int
	implicit bool // smtps: TLS from the first byte; smtp: STARTTLS when the server offers it
	user     string
	password string
	// tls overrides the TLS configuration (tests trust their own certificate).
	tls *tls.Config
}

// parseSMTPURL reads smtp://user:pass@host:port or smtps://user:pass@host:port.
func parseSMTPURL(raw string) (*smtpSettings, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("SQUARES_SMTP_URL: not a URL")
	}
	s := &smtpSettings{host: u.Hostname()}
	switch u.Scheme {
	case "smtp":
		s.port = gomail.DefaultPortTLS
	case "smtps":
		s.port, s.implicit = gomail.DefaultPortSSL, true
	default:
		return nil, fmt.Errorf("SQUARES_SMTP_URL: scheme %q is not smtp or smtps", u.Scheme)
	}
	if s.host == "" {
		return nil, fmt.Errorf("SQUARES_SMTP_URL: no host")
	}
	if p := u.Port(); p != "" {
		if s.port, err = strconv.Atoi(p); err != nil || s.port <= 0 || s.port > 65535 {
			return nil, fmt.Errorf("SQUARES_SMTP_URL: port %q is not a port number", p)
		}
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.password, _ = u.User.Password()
	}
	return s, nil
}

// String is the server's address without its credentials, for logs.
func (s *smtpSettings) String() string {
	scheme := "smtp"
	if s.implicit {
		scheme = "smtps"
	}
	return fmt.Sprintf("%s://%s:%d", scheme, s.host, s.port)
}

// client returns a go-mail client for the server. With a user it authenticates with the best mechanism
// the server offers; without TLS go-mail considers only challenge mechanisms (SCRAM, CRAM-MD5), so a
// password never crosses the network in the clear.
func (s *smtpSettings) client(timeout time.Duration) (*gomail.Client, error) {
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(timeout)}
	if s.implicit {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.tls != nil {
		opts = append(opts, gomail.WithTLSConfig(s.tls))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.user),
			gomail.WithPassword(s.password))
	}
	return gomail.NewClient(s.host, opts...)
}

// CheckSMTPURL reports what is wrong with an SQUARES_SMTP_URL, if anything.
func CheckSMTPURL(raw string) error {
	_, err := parseSMTPURL(raw)
	return err
}
