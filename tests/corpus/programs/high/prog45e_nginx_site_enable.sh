#!/usr/bin/env bash
# `make site-enable SITE=shop.example.com UPSTREAM=127.0.0.1:8081`
# Renders deploy/nginx/site.conf.tpl with envsubst, installs it as an nginx
# vhost, validates the whole config and reloads nginx. If validation fails
# the previous vhost file is put back. Uses doas on the OpenBSD-style build
# hosts, sudo elsewhere.
set -euo pipefail

TEMPLATE="${TEMPLATE:-deploy/nginx/site.conf.tpl}"
AVAILABLE=/etc/nginx/sites-available
ENABLED=/etc/nginx/sites-enabled
RENDER_DIR="build/nginx"

SITE="${SITE:-${1:-}}"
UPSTREAM="${UPSTREAM:-${2:-127.0.0.1:8080}}"
TLS_DIR="${TLS_DIR:-/etc/ssl/acme}"

if [[ -z "$SITE" ]]; then
  echo "usage: SITE=<server_name> [UPSTREAM=host:port] $0" >&2
  exit 2
fi
if [[ ! "$SITE" =~ ^[a-z0-9.-]+$ ]]; then
  echo "refusing odd server name: $SITE" >&2
  exit 2
fi

if [[ $EUID -eq 0 ]]; then
  PRIV=()
elif [[ -n "$(command -v doas)" ]]; then
  PRIV=(doas)
else
  PRIV=(sudo)
fi

say() { echo "[site-enable] $*"; }

render() {
  mkdir -p "$RENDER_DIR"
  local out="$RENDER_DIR/${SITE}.conf"
  SITE="$SITE" UPSTREAM="$UPSTREAM" TLS_DIR="$TLS_DIR" \
    envsubst '${SITE} ${UPSTREAM} ${TLS_DIR}' < "$TEMPLATE" > "$out"
  grep -q "server_name ${SITE}" "$out" || { say "template did not render server_name"; exit 1; }
  echo "$out"
}

backup_existing() {
  local target="$AVAILABLE/${SITE}.conf"
  if [[ -f "$target" ]]; then
    "${PRIV[@]}" cp -p "$target" "${target}.bak"
    echo "${target}.bak"
  fi
}

install_vhost() {
  local rendered="$1"
  "${PRIV[@]}" install -o root -g root -m 0644 "$rendered" "$AVAILABLE/${SITE}.conf"
  "${PRIV[@]}" ln -sfn "$AVAILABLE/${SITE}.conf" "$ENABLED/${SITE}.conf"
}

restore() {
  local backup="$1"
  if [[ -n "$backup" ]]; then
    "${PRIV[@]}" mv -f "$backup" "$AVAILABLE/${SITE}.conf"
    say "restored previous vhost"
  else
    "${PRIV[@]}" rm -f "$ENABLED/${SITE}.conf" "$AVAILABLE/${SITE}.conf"
    say "removed broken vhost"
  fi
}

main() {
  local rendered backup
  rendered=$(render)
  say "rendered $rendered"
  backup=$(backup_existing || true)
  install_vhost "$rendered"
  if ! "${PRIV[@]}" nginx -t -q; then
    say "nginx -t failed, rolling back"
    restore "$backup"
    exit 1
  fi
  "${PRIV[@]}" systemctl reload nginx
  [[ -n "$backup" ]] && "${PRIV[@]}" rm -f "$backup"
  say "https://${SITE}/ -> ${UPSTREAM} enabled"
}

main "$@"
