#!/usr/bin/env bash
# Build the club newsletter from the Markdown sections in ./sections.
# Output goes to ./build: one combined Markdown file, a plain-text copy for
# the mailing list, a members-only contact sheet and a checksum list.
# Usage: prog204d_newsletter_build.sh [issue-number]
set -euo pipefail

ISSUE="${1:-$(date +%Y-%m)}"
SRC_DIR="${PWD}/sections"
BUILD_DIR="${PWD}/build"
CONTACTS="${PWD}/contacts.csv"

log() { printf '[build] %s\n' "$*" >&2; }

clean() {
  rm -rf "$BUILD_DIR"
  mkdir -p "$BUILD_DIR"
  log "build folder reset"
}

section_files() {
  find "$SRC_DIR" -maxdepth 1 -name '*.md' | sort
}

combine() {
  local out="$BUILD_DIR/newsletter-${ISSUE}.md"
  {
    printf '# Club Newsletter %s\n\n' "$ISSUE"
    local f
    while IFS= read -r f; do
      cat "$f"
      printf '\n\n---\n\n'
    done < <(section_files)
  } > "$out"
  log "combined $(section_files | wc -l) section(s)"
}

plain_text() {
  local md="$BUILD_DIR/newsletter-${ISSUE}.md"
  sed -E -e 's/^#+ *//' -e 's/\*\*([^*]+)\*\*/\1/g' -e 's/\[([^]]+)\]\(([^)]+)\)/\1 <\2>/g' \
    "$md" > "$BUILD_DIR/newsletter-${ISSUE}.txt"
  log "plain-text copy written"
}

contact_sheet() {
  if [[ ! -f "$CONTACTS" ]]; then
    log "no contacts.csv, skipping contact sheet"
    return 0
  fi
  local out="$BUILD_DIR/contacts-${ISSUE}.txt"
  awk -F, 'NR > 1 { printf "%-24s %-28s %s\n", $1, $2, $3 }' "$CONTACTS" | sort > "$out"
  chmod 0600 "$out"
  log "contact sheet written (owner-only)"
}

checksums() {
  (cd "$BUILD_DIR" && sha256sum -- * > SHA256SUMS)
  log "checksums written"
}

declare -a STEPS=(clean combine plain_text contact_sheet checksums)

main() {
  if [[ ! -d "$SRC_DIR" ]]; then
    log "no sections folder in $PWD"
    exit 1
  fi
  local step
  for step in "${STEPS[@]}"; do
    "$step"
  done
  log "issue $ISSUE ready in $BUILD_DIR"
}

main "$@"
