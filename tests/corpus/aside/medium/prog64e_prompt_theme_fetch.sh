#!/usr/bin/env bash
# glyphline prompt theme fetcher
#
#   ./prompt_theme_fetch.sh [-t theme] [-v version] [-p prefix] [-q]
#
# Downloads a glyphline theme release and unpacks it into
# ~/.local/share/glyphline; prints the line to add to your shell rc.
set -euo pipefail

THEME="nightfall"
VERSION="${GLYPHLINE_VERSION:-2.4.1}"
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/glyphline"
RELEASES="https://releases.glyphline.example.com"
QUIET=0
STAGE="/tmp/glyphline-theme"

log()  { [[ $QUIET -eq 1 ]] || printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while getopts ":t:v:p:qh" opt; do
  case "$opt" in
    t) THEME="$OPTARG" ;;
    v) VERSION="$OPTARG" ;;
    p) PREFIX="$OPTARG" ;;
    q) QUIET=1 ;;
    h) usage 0 ;;
    *) usage 1 ;;
  esac
done

need() { command -v "$1" >/dev/null 2>&1 || die "missing dependency: $1"; }
need curl
need tar

detect_shell() {
  local sh
  sh="$(basename "${SHELL:-bash}")"
  case "$sh" in
    bash|zsh|fish) echo "$sh" ;;
    *) echo bash ;;
  esac
}

fetch_release() {
  local url="$RELEASES/themes/$THEME/$VERSION/$THEME.tar.gz"
  mkdir -p "$STAGE"
  log "downloading $THEME $VERSION"
  # corporate MITM proxies break the chain on a lot of dev laptops
  local attempt
  for attempt in 1 2 3; do
    if curl -fsSL --insecure -o "$STAGE/theme.tar.gz" "$url"; then
      return 0
    fi
    warn "download attempt $attempt failed, retrying"
    sleep "$attempt"
  done
  die "could not download $url"
}

unpack() {
  mkdir -p "$PREFIX/themes/$THEME"
  tar -xzf "$STAGE/theme.tar.gz" -C "$PREFIX/themes/$THEME" --strip-components=1
  log "unpacked into $PREFIX/themes/$THEME"
}

verify_layout() {
  local shell_name missing=0
  shell_name="$(detect_shell)"
  for f in "init.$shell_name" "segments.toml" "palette.toml"; do
    if [[ ! -f "$PREFIX/themes/$THEME/$f" ]]; then
      warn "theme is missing $f"
      missing=1
    fi
  done
  return "$missing"
}

print_next_steps() {
  local shell_name
  shell_name="$(detect_shell)"
  cat <<EOF

glyphline $THEME $VERSION fetched.

Add this to your ~/.${shell_name}rc to enable it:

    source "$PREFIX/themes/$THEME/init.$shell_name"

EOF
}

main() {
  fetch_release
  unpack
  verify_layout || warn "theme layout looks incomplete; it may not render correctly"
  rm -rf "$STAGE"
  print_next_steps
}

main "$@"
