#!/bin/sh
# register-dev-domains.sh - map the local service mesh names from
# services.conf into the machine's hosts file so browsers and CLI tools
# resolve them. Keeps a marked block that is replaced on every run.
set -eu

PROG=$(basename "$0")
CONF=${SERVICES_CONF:-./services.conf}
HOSTS_FILE=/etc/hosts
DOMAIN=${DEV_DOMAIN:-svc.localdev}
ADDR=${DEV_ADDR:-127.0.0.1}
BEGIN_MARK="# >>> dev-domains >>>"
END_MARK="# <<< dev-domains <<<"
REMOVE=0

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }

usage() {
  echo "usage: $PROG [--remove] [--domain NAME] [--addr IP] [--conf FILE]"
}

while [ $# -gt 0 ]; do
  case $1 in
    --remove) REMOVE=1 ;;
    --domain) shift; DOMAIN=$1 ;;
    --addr)   shift; ADDR=$1 ;;
    --conf)   shift; CONF=$1 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done

valid_label() {
  case $1 in
    ''|-*|*-) return 1 ;;
    *[!a-z0-9-]*) return 1 ;;
  esac
  return 0
}

render_block() {
  echo "$BEGIN_MARK"
  n=0
  while read -r name port _rest; do
    case $name in ''|\#*) continue ;; esac
    if ! valid_label "$name"; then
      log "skipping invalid service name: $name"
      continue
    fi
    printf '%s\t%s.%s\t# port %s\n' "$ADDR" "$name" "$DOMAIN" "${port:-80}"
    n=$((n + 1))
  done < "$CONF"
  echo "$END_MARK"
  log "rendered $n service name(s)"
}

strip_block() {
  # print the hosts file without our previously managed block
  awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
    $0 == b { skip = 1; next }
    $0 == e { skip = 0; next }
    !skip' "$HOSTS_FILE"
}

[ -r "$CONF" ] || { log "cannot read $CONF"; exit 1; }

STAMP=$(date +%Y%m%d%H%M%S)
WORK=./.dev-domains
mkdir -p "$WORK"
strip_block > "$WORK/hosts.base"
if [ "$REMOVE" -eq 1 ]; then
  cp "$WORK/hosts.base" "$WORK/hosts.new"
else
  { cat "$WORK/hosts.base"; render_block; } > "$WORK/hosts.new"
fi

if cmp -s "$WORK/hosts.new" "$HOSTS_FILE"; then
  log "$HOSTS_FILE already up to date"
  rm -rf "$WORK"
  exit 0
fi

log "updating $HOSTS_FILE (backup: $HOSTS_FILE.$STAMP)"
sudo cp -p "$HOSTS_FILE" "$HOSTS_FILE.$STAMP"
sudo tee "$HOSTS_FILE" < "$WORK/hosts.new" >/dev/null
sudo chmod 0644 "$HOSTS_FILE"
rm -rf "$WORK"

if command -v resolvectl >/dev/null 2>&1; then
  resolvectl flush-caches 2>/dev/null || log "could not flush resolver cache"
fi
log "done"
