#!/usr/bin/env bash
# install_route_planner.sh - install HoofRoute, the visit route planner, for the current user.
#
# Unpacks hoofroute-<version>.tar.gz from the current directory into
# ~/.local/share/hoofroute, creates a virtualenv, installs a launcher in
# ~/.local/bin and schedules the map-tile and visit-list refresh so the planner
# works offline in the morning.
#
#   ./install_route_planner.sh [--prefix DIR] [--no-refresh]

set -euo pipefail

PREFIX="${HOME}/.local/share/hoofroute"
BIN_DIR="${HOME}/.local/bin"
SCHEDULE_REFRESH=1
PYTHON="${PYTHON:-python3}"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --prefix) PREFIX="$2"; shift ;;
    --no-refresh) SCHEDULE_REFRESH=0 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) fail "unknown option: $1" ;;
  esac
  shift
done

shopt -s nullglob
tarballs=(hoofroute-*.tar.gz)
(( ${#tarballs[@]} )) || fail "no hoofroute-*.tar.gz in $(pwd)"
TARBALL="${tarballs[-1]}"
VERSION="${TARBALL#hoofroute-}"; VERSION="${VERSION%.tar.gz}"

command -v "$PYTHON" >/dev/null || fail "$PYTHON not found"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 9))' || fail "need Python 3.9+"

info "installing HoofRoute $VERSION into $PREFIX"
mkdir -p "$PREFIX" "$BIN_DIR"
tar -xzf "$TARBALL" -C "$PREFIX" --strip-components=1

info "creating virtualenv"
"$PYTHON" -m venv "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/venv/bin/pip" install --quiet -r "$PREFIX/requirements.txt"

info "writing launcher"
cat > "$BIN_DIR/hoofroute" <<EOF
#!/bin/sh
exec "$PREFIX/venv/bin/python" -m hoofroute "\$@"
EOF
chmod 0755 "$BIN_DIR/hoofroute"

cat > "$PREFIX/refresh.sh" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 0
"$PREFIX/venv/bin/python" -m hoofroute.sync --tiles --visits --quiet >> "$PREFIX/refresh.log" 2>&1
EOF
chmod 0755 "$PREFIX/refresh.sh"

schedule_refresh() {
  local marker="# hoofroute-refresh" current newtab
  current="$(crontab -l 2>/dev/null || true)"
  newtab="$(mktemp)"
  trap 'rm -f "$newtab"' RETURN
  printf '%s\n' "$current" | grep -v "$marker" > "$newtab" || true
  {
    echo "@reboot sleep 90 && $PREFIX/refresh.sh $marker"
    echo "*/30 * * * * $PREFIX/refresh.sh $marker"
  } >> "$newtab"
  crontab "$newtab"
}

if (( SCHEDULE_REFRESH )); then
  info "scheduling background refresh"
  schedule_refresh
fi

if [[ ":$PATH:" != *":$BIN_DIR:"* ]]; then
  info "add $BIN_DIR to your PATH to run 'hoofroute'"
fi
info "done. Run: hoofroute --help"
