package cluster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// binary is the `squares` binary the tests run, built by TestMain.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "squares-cluster-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "squares")
	if out, err := exec.Command(goTool(), "build", "-o", binary, "../cmd/squares").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "build squares: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := storetest.Run(m)
	os.RemoveAll(dir)
	os.Exit(code)
}

// goTool is the go command: on PATH, else the one of the toolchain that built the test.
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// nginxPath finds Debian's nginx: on PATH, else /usr/sbin/nginx (not on a non-root PATH); the test is
// skipped without it.
func nginxPath(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("nginx"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/sbin/nginx"); err == nil {
		return "/usr/sbin/nginx"
	}
	t.Skip("nginx is not installed (apt-get install nginx; .ci/run installs it): the cluster test needs it")
	return ""
}

// freeAddr returns 127.0.0.1:PORT with a port free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// instance is a `squares serve` process.
type instance struct {
	name string
	addr string
	base string
	cmd  *exec.Cmd
	log  string // the path of its log
}

// startInstance starts `squares serve` on the database at dbURL and a free port, in development mode with
// the sandbox, an admin, SQUARES_TRUST_PROXY=1 (behind nginx) and one-second background passes, and
// waits until it answers /readyz.
func startInstance(t *testing.T, name, dbURL string) *instance {
	t.Helper()
	in := &instance{name: name, addr: freeAddr(t), log: filepath.Join(t.TempDir(), name+".log")}
	in.base = "http://" + in.addr
	logFile, err := os.Create(in.log)
	if err != nil {
		t.Fatal(err)
	}
	in.cmd = exec.Command(binary, "serve", "-escrow-interval", "1s", "-automation-interval", "1s")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SQUARES_") && !strings.HasPrefix(kv, "STRIPE_") {
			in.cmd.Env = append(in.cmd.Env, kv)
		}
	}
	in.cmd.Env = append(in.cmd.Env, "SQUARES_DATABASE_URL="+dbURL, "SQUARES_ADDR="+in.addr, "SQUARES_DEV=1",
		"SQUARES_DEMO=0", "SQUARES_PAYMENTS=sandbox", "SQUARES_TRUST_PROXY=1", "SQUARES_ADMIN_USERNAME=boss",
		"SQUARES_ADMIN_PASSWORD=cluster-test-password", "SQUARES_LOG_LEVEL=info", "SQUARES_CLAIM_LIMIT=1000/1m")
	in.cmd.Stdout, in.cmd.Stderr = logFile, logFile
	if err := in.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	logFile.Close()
	t.Cleanup(func() {
		in.cmd.Process.Kill()
		in.cmd.Wait()
		if t.Failed() {
			b, _ := os.ReadFile(in.log)
			lines := strings.Split(strings.TrimSpace(string(b)), "\n")
			var events []string
			for _, l := range lines {
				if strings.Contains(l, "pubsub") {
					events = append(events, l)
				}
			}
			t.Logf("%s's event bus:\n%s\nlast lines of %s's log:\n%s", name, strings.Join(events, "\n"), name,
				strings.Join(lines[max(0, len(lines)-25):], "\n"))
		}
	})
	waitStatus(t, in.base+"/readyz", http.StatusOK, 60*time.Second)
	return in
}

// waitListening waits until the instance's event bus listens again after losing its connection: the last
// thing it logged is that it listens again.
func (in *instance) waitListening(t *testing.T, within time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(within); ; time.Sleep(50 * time.Millisecond) {
		b, err := os.ReadFile(in.log)
		if err != nil {
			t.Fatal(err)
		}
		last := ""
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "pubsub:") {
				last = l
			}
		}
		if strings.Contains(last, "listening again") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's event bus does not listen again after %s: %s", in.name, within, last)
		}
	}
}

// kill stops the instance with SIGKILL, as a crash would.
func (in *instance) kill(t *testing.T) {
	t.Helper()
	in.cmd.Process.Kill()
	in.cmd.Wait()
}

// waitStatus polls url until it answers status.
func waitStatus(t *testing.T, url string, status int, within time.Duration) {
	t.Helper()
	c := &http.Client{Timeout: 2 * time.Second}
	last := "no answer"
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		r, err := c.Get(url)
		if err != nil {
			last = err.Error()
			continue
		}
		r.Body.Close()
		if r.StatusCode == status {
			return
		}
		last = r.Status
	}
	t.Fatalf("%s did not answer %d within %s: %s", url, status, within, last)
}

// proxy is nginx balancing between instances.
type proxy struct {
	base string
	dir  string
	cmd  *exec.Cmd
}

// startNginx runs nginx with nginx.conf.tmpl in a temporary directory, on a free port, in front of the
// two addresses, and waits until it answers.
func startNginx(t *testing.T, a, b string) *proxy {
	t.Helper()
	bin := nginxPath(t)
	tmpl, err := os.ReadFile("nginx.conf.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{dir: t.TempDir()}
	listen := freeAddr(t)
	p.base = "http://" + listen
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;" // workers keep root's access to the temporary directory
	}
	conf := strings.NewReplacer("@DIR@", p.dir, "@LISTEN@", listen, "@A@", a, "@B@", b, "@USER@", user).Replace(string(tmpl))
	path := filepath.Join(p.dir, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	p.cmd = exec.Command(bin, "-p", p.dir, "-c", path, "-e", filepath.Join(p.dir, "error.log"))
	// nginx's workers outlive a killed master: it runs in a process group of its own, all killed at the end.
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		p.cmd.Wait()
		if t.Failed() {
			b, _ := os.ReadFile(filepath.Join(p.dir, "error.log"))
			t.Logf("nginx error log:\n%s", b)
		}
	})
	waitStatus(t, p.base+"/healthz", http.StatusOK, 30*time.Second)
	return p
}

// upstreams returns how many requests of the access log each upstream served whose request line has the
// text, once there are n of them (nginx logs a request when it ends).
func (p *proxy) upstreams(t *testing.T, text string, n int) map[string]int {
	t.Helper()
	out := map[string]int{}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		b, err := os.ReadFile(filepath.Join(p.dir, "access.log"))
		if err != nil {
			t.Fatal(err)
		}
		out, total := map[string]int{}, 0
		for _, line := range strings.Split(string(b), "\n") {
			if _, up, ok := strings.Cut(line, "upstream="); ok && strings.Contains(line, text) {
				out[up]++
				total++
			}
		}
		if total >= n {
			return out
		}
	}
	return out
}

// player is a player with a session cookie.
type player struct {
	user   *squares.User
	cookie string
}

const playerPassword = "cluster-player-password"

// newPlayers creates n verified players with the password playerPassword through the store.
func newPlayers(t *testing.T, db *store.DB, prefix string, n int) []*squares.User {
	t.Helper()
	hash, err := squares.HashPassword(playerPassword)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*squares.User, n)
	for i := range out {
		u := &squares.User{Email: fmt.Sprintf("%s%d@cluster.test", prefix, i), PasswordHash: hash, FirstName: "Cluster",
			LastName: fmt.Sprintf("%s%d", prefix, i), Role: squares.RoleUser, DateOfBirth: "1990-01-01",
			ResidenceState: "NY", ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
		if err := db.CreateUser(context.Background(), u); err != nil {
			t.Fatal(err)
		}
		out[i] = u
	}
	return out
}

// login signs a player in through base and returns the player with the cookies it was given.
func login(t *testing.T, base string, u *squares.User) *player {
	t.Helper()
	body := fmt.Sprintf(`{"email":%q,"password":%q}`, u.Email, playerPassword)
	r, err := http.Post(base+"/api/auth/login", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	if r.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(r.Body)
		t.Fatalf("login of %s: %s %s", u.Email, r.Status, b)
	}
	var cookies []string
	for _, c := range r.Cookies() {
		if c.Value != "" {
			cookies = append(cookies, c.Name+"="+c.Value)
		}
	}
	if len(cookies) == 0 {
		t.Fatalf("login of %s set no cookie", u.Email)
	}
	return &player{user: u, cookie: strings.Join(cookies, "; ")}
}

// call sends a request with the player's cookie and returns the status and body.
func (p *player) call(method, url, body string) (int, []byte, error) {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", p.cookie)
	r, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer r.Body.Close()
	b, err := io.ReadAll(r.Body)
	return r.StatusCode, b, err
}

var client = &http.Client{Timeout: 15 * time.Second}

// claim claims a square of a free pool through base.
func (p *player) claim(base string, poolID int64, c squares.Cell) (int, error) {
	status, body, err := p.call("POST", fmt.Sprintf("%s/api/pools/%d/squares", base, poolID),
		fmt.Sprintf(`{"row":%d,"column":%d}`, c.Row, c.Column))
	if err == nil && status != http.StatusCreated && status != http.StatusConflict && status < 500 {
		err = fmt.Errorf("claim %v: %d %s", c, status, body)
	}
	return status, err
}

// freePool creates a game kicking off in three days and opens its free pool.
func freePool(t *testing.T, db *store.DB, n int) *squares.PoolView {
	t.Helper()
	ctx := context.Background()
	g := &squares.Game{LeagueID: squares.LeagueNFL, ExternalID: fmt.Sprintf("cluster_%d", n), Season: 2026, Week: "W12",
		HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs", GameDate: time.Now().Add(72 * time.Hour).Truncate(time.Minute),
		Status: squares.GameScheduled}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	pools, err := db.ListPools(ctx, squares.PoolFilter{GameID: g.ID})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pools {
		if p.IsFree() {
			p, err := db.SetPoolStatus(ctx, p.ID, squares.PoolActive)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
	}
	t.Fatalf("game %d has no free pool", g.ID)
	return nil
}

// owners returns the owners of a pool's squares in the database, by cell.
func owners(t *testing.T, db *store.DB, poolID int64) map[squares.Cell]int64 {
	t.Helper()
	sqs, err := db.ListSquares(context.Background(), poolID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[squares.Cell]int64{}
	for _, sq := range sqs {
		if sq.UserID != 0 {
			out[squares.Cell{Row: sq.Row, Column: sq.Column}] = sq.UserID
		}
	}
	return out
}

// watcher is a websocket client watching a pool: the owners of its squares as the live updates tell.
type watcher struct {
	name string
	conn *websocket.Conn
	mu   sync.Mutex
	seen map[squares.Cell]string
	done chan struct{}
}

// watch opens a websocket through base and subscribes to the pool.
func watch(t *testing.T, name, base string, poolID int64) *watcher {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws", nil)
	if err != nil {
		t.Fatalf("%s: websocket: %v", name, err)
	}
	c.SetReadLimit(1 << 20)
	if err := c.Write(ctx, websocket.MessageText, []byte(fmt.Sprintf(`{"type":"subscribe","poolId":%d}`, poolID))); err != nil {
		t.Fatal(err)
	}
	w := &watcher{name: name, conn: c, seen: map[squares.Cell]string{}, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		for {
			_, data, err := c.Read(context.Background())
			if err != nil {
				return
			}
			var msg struct {
				Type    string `json:"type"`
				Squares []struct {
					Row    int    `json:"row"`
					Column int    `json:"column"`
					UserID string `json:"userId"`
				} `json:"squares"`
				Released []squares.Cell `json:"released"`
			}
			if json.Unmarshal(data, &msg) != nil || msg.Type != "poolUpdate" {
				continue
			}
			w.mu.Lock()
			for _, sq := range msg.Squares {
				w.seen[squares.Cell{Row: sq.Row, Column: sq.Column}] = sq.UserID
			}
			for _, c := range msg.Released {
				delete(w.seen, c)
			}
			w.mu.Unlock()
		}
	}()
	t.Cleanup(w.close)
	// The subscription is in place once the server answers on it: a ping round trip after it.
	if err := c.Ping(ctx); err != nil {
		t.Fatalf("%s: ping: %v", name, err)
	}
	return w
}

// close closes the websocket.
func (w *watcher) close() {
	w.conn.CloseNow()
	<-w.done
}

// waitSees waits until the watcher has seen each cell go to its owner.
func (w *watcher) waitSees(t *testing.T, want map[squares.Cell]int64, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		w.mu.Lock()
		var missing []string
		for c, u := range want {
			if w.seen[c] != fmt.Sprint(u) {
				missing = append(missing, fmt.Sprintf("%v->%d (saw %q)", c, u, w.seen[c]))
			}
		}
		w.mu.Unlock()
		if len(missing) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not see %d of %d claims live: %s", w.name, len(missing), len(want), strings.Join(missing[:min(5, len(missing))], ", "))
		}
		time.Sleep(20 * time.Millisecond)
	}
}
