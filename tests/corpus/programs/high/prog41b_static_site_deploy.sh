#!/usr/bin/env bash
# Deploy the built static site and its nginx vhost on the staging host.
# Usage: static_site_deploy.sh [-n] <site-name>
#   -n   dry run: render the vhost and show the diff, change nothing
set -euo pipefail

SITE_ROOT_BASE="${SITE_ROOT_BASE:-/srv/sites}"
VHOST_DIR="/etc/nginx/sites-available"
ENABLED_DIR="/etc/nginx/sites-enabled"
TEMPLATE="deploy/nginx-vhost.conf.in"
DRY_RUN=0

log()  { printf '[deploy %(%H:%M:%S)T] %s\n' -1 "$*"; }
fail() { log "ERROR: $*"; exit 1; }

while getopts ":n" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    *) fail "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))
SITE="${1:?site name required}"
[[ "$SITE" =~ ^[a-z0-9.-]+$ ]] || fail "invalid site name: $SITE"

[[ -d public ]] || fail "no ./public directory; run the build first"
[[ -f "$TEMPLATE" ]] || fail "missing $TEMPLATE"

render_vhost() {
  local out="$1"
  sed -e "s|@SERVER_NAME@|${SITE}|g" \
      -e "s|@DOC_ROOT@|${SITE_ROOT_BASE}/${SITE}/current|g" \
      "$TEMPLATE" > "$out"
}

rendered="build/${SITE}.conf"
mkdir -p build
render_vhost "$rendered"

if (( DRY_RUN )); then
  diff -u "${VHOST_DIR}/${SITE}.conf" "$rendered" || true
  log "dry run complete"
  exit 0
fi

release="${SITE_ROOT_BASE}/${SITE}/releases/$(date +%Y%m%d%H%M%S)"
log "syncing ./public -> ${release}"
sudo install -d -o www-data -g www-data -m 0755 "$release"
sudo rsync -a --delete --chown=www-data:www-data public/ "${release}/"
sudo ln -sfn "$release" "${SITE_ROOT_BASE}/${SITE}/current"

log "installing vhost ${VHOST_DIR}/${SITE}.conf"
backup=""
if [[ -f "${VHOST_DIR}/${SITE}.conf" ]]; then
  backup="build/${SITE}.conf.prev"
  cp "${VHOST_DIR}/${SITE}.conf" "$backup"
fi
sudo install -o root -g root -m 0644 "$rendered" "${VHOST_DIR}/${SITE}.conf"
sudo ln -sf "${VHOST_DIR}/${SITE}.conf" "${ENABLED_DIR}/${SITE}.conf"

if ! sudo nginx -t 2>build/nginx-test.log; then
  log "nginx config test failed; rolling back"
  if [[ -n "$backup" ]]; then
    sudo install -o root -g root -m 0644 "$backup" "${VHOST_DIR}/${SITE}.conf"
  else
    sudo rm -f "${ENABLED_DIR}/${SITE}.conf" "${VHOST_DIR}/${SITE}.conf"
  fi
  cat build/nginx-test.log >&2
  exit 1
fi

sudo systemctl reload nginx
log "reloaded nginx; ${SITE} now serves ${release}"

# keep the five most recent releases
mapfile -t old < <(ls -1dt "${SITE_ROOT_BASE}/${SITE}"/releases/* | tail -n +6)
for dir in "${old[@]}"; do
  log "pruning ${dir}"
  sudo rm -rf -- "$dir"
done
