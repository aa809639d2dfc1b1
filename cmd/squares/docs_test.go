package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocumentedSettingsExist: every SQUARES_ and STRIPE_ variable the README and the operations guide
// name is read by this binary, and every flag in their tables is one `serve` takes: the guides invent no
// setting.
func TestDocumentedSettingsExist(t *testing.T) {
	clearConfigEnv(t, nil)
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if _, err := parseConfig(fs, nil); err != nil {
		t.Fatal(err)
	}
	var source strings.Builder
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		source.Write(b)
	}
	variable := regexp.MustCompile(`\b(?:SQUARES|STRIPE)_[A-Z0-9_]*[A-Z0-9]\b`)
	tableFlag := regexp.MustCompile("`--([a-z0-9-]+)")
	for _, doc := range []string{"../../README.md", "../../docs/operations.md"} {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range variable.FindAllString(string(b), -1) {
			if !strings.Contains(source.String(), `"`+v+`"`) {
				t.Errorf("%s names %s, which cmd/squares does not read", doc, v)
			}
		}
		for _, line := range strings.Split(string(b), "\n") {
			if !strings.HasPrefix(line, "|") {
				continue
			}
			for _, m := range tableFlag.FindAllStringSubmatch(line, -1) {
				if fs.Lookup(m[1]) == nil {
					t.Errorf("%s lists the flag --%s, which serve does not take", doc, m[1])
				}
			}
		}
	}
}
