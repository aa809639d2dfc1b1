package squares

import (
	"unicode"
	"unicode/utf8"
)

// PrintableLine reports whether s is one line of printable text, as a name must be (a player's first and
// last names, a pool's): valid UTF-8 made of letters, marks, numbers, punctuation, symbols and spaces.
// Control characters (C0, DEL, C1: tabs and line breaks among them), line and paragraph separators, and
// the invisible format characters are refused: bidi embeddings, overrides, isolates and marks (a right-to-
// left override makes "evil.example" read as something else), zero-width spaces, soft hyphens, byte order
// marks, private-use and unassigned code points. The zero-width joiner and non-joiner pass: scripts
// such as Persian and Devanagari, and emoji sequences, need them.
func PrintableLine(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsGraphic(r) && r != '\u200c' && r != '\u200d' {
			return false
		}
	}
	return true
}
