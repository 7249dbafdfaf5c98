#!/usr/bin/env bash
# The docs' shape, checked (README for users, docs/ for operators): README at most 400 lines with the two commands in
# its first 20; the documents README and ARCHITECTURE.md link to exist; every source path ARCHITECTURE.md names in
# backquotes exists (a pattern with X, like `LeagueService+X.swift`, is a pattern, not a path).
#
#   scripts/check-docs.sh        (from the repository's root; `make test` runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
fail=0
lines=$(wc -l < README.md)
if [ "$lines" -gt 400 ]; then echo "check-docs: README.md has $lines lines; at most 400 (operators' detail goes to docs/)"; fail=1; fi
for cmd in 'make run' 'make test'; do
  head -20 README.md | grep -q "$cmd" || { echo "check-docs: '$cmd' is not in README.md's first 20 lines"; fail=1; }
done
for doc in README.md ARCHITECTURE.md docs/*.md; do
  dir=$(dirname "$doc")
  for link in $(grep -oE '\]\([^)#[:space:]]+' "$doc" | sed 's/^](//' | grep -v '^https\?:' | sort -u); do
    [ -e "$dir/$link" ] || { echo "check-docs: $doc links to $link, which doesn't exist"; fail=1; }
  done
done
for path in $(grep -oE '`[A-Za-z0-9_+./-]+(\.swift|\.sh|/)`' ARCHITECTURE.md | tr -d '`' | grep -v 'X\(\.swift\|/\)' | sort -u); do
  found=$(find Sources Tests scripts dist . -maxdepth 6 -path "*${path%/}" -print -quit 2>/dev/null)
  [ -n "$found" ] || { echo "check-docs: ARCHITECTURE.md names $path, which doesn't exist"; fail=1; }
done
# Comments say why, not which issue asked: an issue number means nothing to the next reader of the code.
cited=$(grep -rnE '//.*(\(issue #?[0-9]+|\(#[0-9]+\)|[Ii]ssue #?[0-9]+[:,)])' Sources Tests --include='*.swift' || true)
if [ -n "$cited" ]; then echo "check-docs: comments that cite an issue number instead of a reason:"; echo "$cited" | head -n 20; fail=1; fi
exit $fail
