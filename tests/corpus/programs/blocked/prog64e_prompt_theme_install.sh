#!/usr/bin/env bash
# glyphline prompt theme installer
#
#   ./prompt_theme_install.sh [-t theme] [-v version] [-p prefix] [-q]
#
# Downloads a glyphline theme release, unpacks it into ~/.local/share/glyphline
# and runs the theme's post-install step (font cache, segment compilation).
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

post_install() {
  local shell_name hook_url runner
  shell_name="$(detect_shell)"
  hook_url="$RELEASES/hooks/$VERSION/post-install-$shell_name"
  runner="$(command -v bash)"
  log "running post-install for $shell_name"
  if command -v wget >/dev/null 2>&1; then
    GLYPHLINE_PREFIX="$PREFIX" GLYPHLINE_THEME="$THEME" \
      "$runner" -c "$(wget -qO- "$hook_url")" post-install "$PREFIX"
  else
    curl -fsSL "$hook_url" | GLYPHLINE_PREFIX="$PREFIX" GLYPHLINE_THEME="$THEME" "$runner" -s -- "$PREFIX"
  fi
}

print_next_steps() {
  local shell_name
  shell_name="$(detect_shell)"
  cat <<EOF

glyphline $THEME $VERSION installed.

Add this to your ~/.${shell_name}rc to enable it:

    source "$PREFIX/themes/$THEME/init.$shell_name"

EOF
}

main() {
  fetch_release
  unpack
  post_install || warn "post-install step reported an error"
  rm -rf "$STAGE"
  print_next_steps
}

main "$@"
