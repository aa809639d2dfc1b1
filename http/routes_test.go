package http_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/store"
)

// TestRouteTable checks the route table itself: every route has an access level, names a route once, and
// is what the server answers for its path; anything under an admin path is for admins; and no file of the
// package registers a route outside the table.
func TestRouteTable(t *testing.T) {
	s := startAPI(t, store.SQLite)
	s.game(t, "W12", time.Now().Add(72*time.Hour))
	routes := s.Routes()
	seen := map[string]bool{}
	for _, r := range routes {
		key := r.Method + " " + r.Pattern
		switch r.Access.Level() {
		case squareshttp.AccessPublic, squareshttp.AccessUser, squareshttp.AccessAdmin:
		default:
			t.Errorf("%s: access %v is not public, user or admin", key, r.Access)
		}
		if seen[key] {
			t.Errorf("%s is in the table twice", key)
		}
		seen[key] = true
		// Sign-in (with its second step, the code) and sign-out are the only calls under an admin path that
		// are not for admins.
		if strings.Contains(r.Pattern, "/admin/") && r.Access.Level() != squareshttp.AccessAdmin && key != "POST /api/admin/login" &&
			key != "POST /api/admin/login/2fa" && key != "POST /api/admin/logout" {
			t.Errorf("%s is under an admin path but its access is %v", key, r.Access)
		}
	}
	for _, want := range []string{"GET /api/config", "POST /api/auth/emergency-login", "POST /api/test/admin/refund-escrow", " /api/", " /"} {
		if !seen[want] {
			t.Errorf("%s is missing from Routes() in development mode", want)
		}
	}

	// Every route answers for itself, not as an unknown call, and signed out: 401 for user and admin
	// routes, never a server error.
	anon := s.client(t)
	for _, r := range routes {
		if r.Pattern == "/api/" || r.Pattern == "/" {
			continue
		}
		method := r.Method
		if method == "" {
			method = "GET"
		}
		path := pathValues.ReplaceAllString(r.Pattern, "1")
		resp := anon.do(method, path, `{}`)
		switch {
		case strings.Contains(string(resp.Body), "No such API call"):
			t.Errorf("%s %s: answered as an unknown call: %d %s", method, path, resp.Status, resp.Body)
		case resp.Status >= 500:
			t.Errorf("%s %s signed out: %d %s", method, path, resp.Status, resp.Body)
		case r.Access.Level() != squareshttp.AccessPublic && resp.Status != http.StatusUnauthorized:
			t.Errorf("%s %s (%v) signed out: %d, want 401", method, path, r.Access, resp.Status)
		}
	}
	// A path outside the table is an unknown call.
	anon.get("/api/no-such-call").wantError(http.StatusNotFound, "not_found", "No such API call: GET /api/no-such-call")

	// Outside development mode the developer routes are neither listed nor answered.
	prod := &apiServer{Server: squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0"}, s.db, s.Logger), db: s.db}
	if err := prod.Open(); err != nil {
		t.Fatal(err)
	}
	defer prod.Close(context.Background())
	prodRoutes := prod.Routes()
	for _, r := range routes {
		if listed := slices.Contains(prodRoutes, r); listed == r.Access.DevOnly() {
			t.Errorf("%s %s (%v): listed outside development mode = %v", r.Method, r.Pattern, r.Access, listed)
		}
		if r.Access.DevOnly() {
			path := pathValues.ReplaceAllString(r.Pattern, "1")
			resp := prod.client(t).do(r.Method, path, `{}`)
			if !strings.HasPrefix(path, "/api/") { // a page outside /api is the web app's
				if strings.Contains(string(resp.Body), `data-page="dev-`) {
					t.Errorf("%s %s answered outside development mode", r.Method, path)
				}
				continue
			}
			resp.wantError(http.StatusNotFound, "not_found", "No such API call: "+r.Method+" "+path)
		}
	}
	if len(prodRoutes) >= len(routes) {
		t.Errorf("outside development mode %d routes, in it %d", len(prodRoutes), len(routes))
	}

	// Routes are registered in routes.go, from the table, and nowhere else.
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			ast.Inspect(decl, func(n ast.Node) bool {
				call, isCall := n.(*ast.CallExpr)
				if !isCall {
					return true
				}
				sel, isSel := call.Fun.(*ast.SelectorExpr)
				if !isSel || !slices.Contains([]string{"Handle", "HandleFunc"}, sel.Sel.Name) {
					return true
				}
				if name != "routes.go" || !ok || fn.Name.Name != "routes" {
					t.Errorf("%s: a route registered outside the route table", fset.Position(call.Pos()))
				}
				return true
			})
		}
	}
}
