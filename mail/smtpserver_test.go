package mail

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"net"
	"net/mail"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// inbox is a real SMTP server (go-smtp) on a free port of 127.0.0.1 that keeps what it receives.
type inbox struct {
	addr string
	cert *x509.Certificate // the server's certificate, when it speaks TLS

	mu       sync.Mutex
	received []received
	refuse   int    // DATA commands still to refuse with 451
	user     string // when set, AUTH PLAIN is required with user and password
	password string
}

// received is one message the server accepted.
type received struct {
	From string
	To   []string
	Data []byte
	TLS  bool
	Msg  *mail.Message
	Body []byte
}

type inboxOptions struct {
	startTLS bool // offer STARTTLS
	implicit bool // TLS from the first byte (smtps)
	user     string
	password string
}

func startInbox(t *testing.T, opt inboxOptions) *inbox {
	t.Helper()
	in := &inbox{user: opt.user, password: opt.password}
	s := smtp.NewServer(in)
	s.Domain = "localhost"
	s.ReadTimeout, s.WriteTimeout = 10*time.Second, 10*time.Second
	s.AllowInsecureAuth = false
	var l net.Listener
	var err error
	if opt.startTLS || opt.implicit {
		cfg, cert := selfSigned(t)
		in.cert = cert
		s.TLSConfig = cfg
		if opt.implicit {
			l, err = tls.Listen("tcp", "127.0.0.1:0", cfg)
		}
	}
	if l == nil && err == nil {
		l, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatal(err)
	}
	in.addr = l.Addr().String()
	go s.Serve(l)
	t.Cleanup(func() { s.Close() })
	return in
}

// tlsConfig trusts the server's certificate.
func (in *inbox) tlsConfig() *tls.Config {
	pool := x509.NewCertPool()
	pool.AddCert(in.cert)
	return &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
}

func (in *inbox) messages() []received {
	in.mu.Lock()
	defer in.mu.Unlock()
	return append([]received(nil), in.received...)
}

func (in *inbox) refuseNext(n int) {
	in.mu.Lock()
	in.refuse = n
	in.mu.Unlock()
}

// NewSession implements smtp.Backend.
func (in *inbox) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &session{in: in, conn: c}, nil
}

type session struct {
	in     *inbox
	conn   *smtp.Conn
	from   string
	to     []string
	authed bool
}

func (s *session) AuthMechanisms() []string {
	if s.in.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.in.user || password != s.in.password {
			return errors.New("invalid credentials")
		}
		s.authed = true
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.in.user != "" && !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.in.mu.Lock()
	defer s.in.mu.Unlock()
	if s.in.refuse > 0 {
		s.in.refuse--
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	_, tlsOn := s.conn.TLSConnectionState()
	s.in.received = append(s.in.received, received{From: s.from, To: s.to, Data: data, TLS: tlsOn})
	return nil
}

func (s *session) Reset()        { s.from, s.to = "", nil }
func (s *session) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1.
func selfSigned(t *testing.T) (*tls.Config, *x509.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, NotBefore: time.Now().Add(-time.Hour),
		NotAfter: time.Now().Add(time.Hour), KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, BasicConstraintsValid: true, IsCA: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}},
		MinVersion: tls.VersionTLS12}, cert
}
