//go:build linux

package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestDocumentedNginxConfig runs the nginx configuration of docs/operations.md (its addresses and
// certificate swapped for the test's) in front of `squares serve` outside development mode with
// SQUARES_TRUST_PROXY=1, and checks what the guide says it does: /readyz answers through it, HSTS is
// sent because the proxy says https, the proxy's request id is the server's, the websocket upgrades for
// the site's own origin and is refused for another, and plain HTTP is redirected to HTTPS.
func TestDocumentedNginxConfig(t *testing.T) {
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		if nginx, err = exec.LookPath("/usr/sbin/nginx"); err != nil {
			t.Skip("nginx is not installed")
		}
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "operations.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)```nginx\n(.*?)```").FindSubmatch(doc)
	if block == nil {
		t.Fatal("no nginx block in docs/operations.md")
	}

	clearConfigEnv(t, map[string]string{"SQUARES_PAYMENTS": "sandbox", "SQUARES_TRUST_PROXY": "1"})
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var logs syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--database-url", "sqlite:" + filepath.Join(t.TempDir(), "nginx.db"),
			"--addr", "127.0.0.1:0", "--log-format", "text"}, strings.NewReader(""), io.Discard, &logs)
	}()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	listening := regexp.MustCompile(`msg="squares listening" url=http://(\S+)`)
	var upstream string
	for deadline := time.Now().Add(20 * time.Second); upstream == ""; time.Sleep(20 * time.Millisecond) {
		if m := listening.FindStringSubmatch(logs.String()); m != nil {
			upstream = m[1]
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not start:\n%s", logs.String())
		}
	}

	dir := t.TempDir()
	os.Chmod(dir, 0o755) // nginx's workers run as another user when the test runs as root
	cert, key := selfSigned(t, dir, "squares.example.com")
	https, plain := freePort(t), freePort(t)
	conf := string(block[1])
	for _, r := range [][2]string{
		{"server 10.0.0.11:8080", "server " + upstream},
		{"/etc/letsencrypt/live/squares.example.com/fullchain.pem", cert},
		{"/etc/letsencrypt/live/squares.example.com/privkey.pem", key},
		{"listen 443 ssl http2;", fmt.Sprintf("listen 127.0.0.1:%d ssl http2;", https)},
		{"listen 80;", fmt.Sprintf("listen 127.0.0.1:%d;", plain)},
	} {
		if !strings.Contains(conf, r[0]) {
			t.Fatalf("the documented nginx configuration lacks %q", r[0])
		}
		conf = strings.ReplaceAll(conf, r[0], r[1])
	}
	conf = regexp.MustCompile(`(?m)^.*(10\.0\.0\.12|listen \[::\]).*\n`).ReplaceAllString(conf, "")
	full := fmt.Sprintf("pid %s/nginx.pid;\nerror_log %s/error.log;\nevents {}\nhttp {\naccess_log off;\n%s\n}\n", dir, dir, conf)
	confPath := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(full), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nginx, "-c", confPath, "-p", dir, "-g", "daemon off;")
	var nginxOut syncBuffer
	cmd.Stdout, cmd.Stderr = &nginxOut, &nginxOut
	// nginx stops with the test process, even one killed by a timeout.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()

	// Every connection goes to nginx on 127.0.0.1, whatever host name the URL has.
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		_, port, _ := net.SplitHostPort(addr)
		return (&net.Dialer{}).DialContext(ctx, network, "127.0.0.1:"+port)
	}
	client := &http.Client{Timeout: 5 * time.Second,
		Transport:     &http.Transport{DialContext: dial, TLSClientConfig: &tls.Config{InsecureSkipVerify: true}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	site := fmt.Sprintf("https://squares.example.com:%d", https)
	var resp *http.Response
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if resp, err = client.Get(site + "/readyz"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("nginx did not answer: %v\n%s\n%s", err, nginxOut.String(), log)
		}
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"ready"`) {
		t.Errorf("/readyz through nginx: %d %s", resp.StatusCode, body)
	}
	if hsts := resp.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(hsts, "max-age=") {
		t.Errorf("no HSTS through the proxy: %q", hsts)
	}
	if id := resp.Header.Get("X-Request-Id"); !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(id) {
		t.Errorf("X-Request-Id %q is not nginx's $request_id", id)
	}

	resp, err = client.Get(fmt.Sprintf("http://squares.example.com:%d/pools", plain))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusMovedPermanently || !strings.HasPrefix(loc, "https://squares.example.com") {
		t.Errorf("plain HTTP: %d to %q, want 301 to https", resp.StatusCode, loc)
	}

	wsURL := fmt.Sprintf("wss://squares.example.com:%d/ws", https)
	for origin, want := range map[string]int{"https://squares.example.com": http.StatusSwitchingProtocols,
		"https://elsewhere.example.com": http.StatusForbidden} {
		dctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, r, err := websocket.Dial(dctx, wsURL, &websocket.DialOptions{HTTPClient: client,
			HTTPHeader: http.Header{"Origin": {origin}}})
		cancel()
		if r == nil || r.StatusCode != want {
			t.Errorf("websocket from %s: %v, %v; want %d", origin, r, err, want)
		}
		if c != nil {
			c.Close(websocket.StatusNormalClosure, "")
		}
	}
}

// selfSigned writes a self-signed certificate for host and its key into dir and returns their paths.
func selfSigned(t *testing.T, dir, host string) (cert, key string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	return cert, key
}

// freePort returns a TCP port free on 127.0.0.1 a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
