#!/usr/bin/env bash
# install_shop_dashboard.sh - set up the shop-floor dashboard (plasma queue,
# offcut rack map, today's heats) on the kiosk PC by the saw.
#
#   ./install_shop_dashboard.sh [--prefix DIR] [--port N] [--no-start]
#
# Creates a virtualenv, installs the dashboard from the shop's package
# index, writes its config and makes sure it is up whenever the kiosk is.

set -euo pipefail

PREFIX="${HOME}/.local/opt/shopdash"
PORT=8050
START=1
INDEX_URL="${SHOPDASH_INDEX:-https://pypi.org/simple}"
PKG="dash==2.17.1 pandas==2.2.2 pyserial==3.5 waitress==3.0.0"

msg() { printf '\033[1m[shopdash]\033[0m %s\n' "$*"; }
err() { printf '[shopdash] error: %s\n' "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --prefix) PREFIX="$2"; shift 2 ;;
    --port) PORT="$2"; shift 2 ;;
    --no-start) START=0; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) err "unknown argument $1" ;;
  esac
done

command -v python3 >/dev/null || err "python3 missing"

make_venv() {
  if [[ ! -x "${PREFIX}/venv/bin/python" ]]; then
    msg "creating virtualenv in ${PREFIX}/venv"
    mkdir -p "$PREFIX"
    python3 -m venv "${PREFIX}/venv"
  fi
  "${PREFIX}/venv/bin/pip" install -q --upgrade pip
  # shellcheck disable=SC2086
  "${PREFIX}/venv/bin/pip" install -q --index-url "$INDEX_URL" $PKG
}

write_config() {
  mkdir -p "${PREFIX}/etc" "${PREFIX}/log"
  cat > "${PREFIX}/etc/shopdash.ini" <<EOF
[server]
port = ${PORT}
host = 127.0.0.1

[sources]
plasma_spool = ${HOME}/plasmaq/spool
offcuts_db   = ${HOME}/offcuts/offcuts.sqlite
forge_logs   = ${HOME}/forge_logs
EOF
  cp -f "$(dirname "$0")/shopdash_app.py" "${PREFIX}/app.py" 2>/dev/null \
    || msg "shopdash_app.py not next to installer; keeping existing app.py"
}

write_launcher() {
  cat > "${PREFIX}/shopdash-run" <<EOF
#!/bin/sh
pgrep -u "\$(id -u)" -f "${PREFIX}/app.py" >/dev/null 2>&1 && exit 0
cd "${PREFIX}" && nohup "${PREFIX}/venv/bin/python" "${PREFIX}/app.py" \\
    --config "${PREFIX}/etc/shopdash.ini" >> "${PREFIX}/log/shopdash.log" 2>&1 &
EOF
  chmod 0755 "${PREFIX}/shopdash-run"
}

hook_session() {
  local autostart="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
  mkdir -p "$autostart"
  cat > "${autostart}/shopdash.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Shop Dashboard
Exec=${PREFIX}/shopdash-run
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF

  local marker="# shopdash"
  for rc in "${HOME}/.bashrc" "${HOME}/.profile"; do
    [[ -f "$rc" ]] || continue
    grep -qF "$marker" "$rc" && continue
    printf '\n%s\n[ -x "%s" ] && "%s" >/dev/null 2>&1\n' \
      "$marker" "${PREFIX}/shopdash-run" "${PREFIX}/shopdash-run" >> "$rc"
  done
}

make_venv
write_config
write_launcher
hook_session

if [[ $START -eq 1 ]]; then
  "${PREFIX}/shopdash-run"
  sleep 2
  if curl -fsS --max-time 5 "http://127.0.0.1:${PORT}/" >/dev/null 2>&1; then
    msg "dashboard up at http://127.0.0.1:${PORT}/"
  else
    msg "dashboard starting; see ${PREFIX}/log/shopdash.log"
  fi
fi
msg "installed to ${PREFIX}"
