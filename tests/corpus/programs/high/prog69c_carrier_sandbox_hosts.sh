#!/usr/bin/env bash
# carrier_sandbox_hosts.sh - point carrier API hostnames at the local
# recording proxy for label-integration test runs.
#
# The shipping-label service has the production carrier hostnames baked
# into its SDKs, so for integration tests we pin those names to the
# mitm recording proxy (default 10.30.0.15) and restore them afterwards.
#
#   carrier_sandbox_hosts.sh on|off|show [proxy-ip]
set -euo pipefail

MODE="${1:-show}"
PROXY_IP="${2:-${CARRIER_PROXY_IP:-10.30.0.15}}"
HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
MARK_BEGIN="# >>> carrier-sandbox >>>"
MARK_END="# <<< carrier-sandbox <<<"
CARRIER_LIST="${CARRIER_LIST:-carriers.txt}"

default_hosts() {
  cat <<'EOF'
onlinetools.ups.com
wwwcie.ups.com
apis.fedex.com
apis-sandbox.fedex.com
api.usps.com
express.api.dhl.com
ws.dpd.co.uk
EOF
}

carrier_hosts() {
  if [[ -r "$CARRIER_LIST" ]]; then
    grep -Ev '^\s*(#|$)' "$CARRIER_LIST"
  else
    default_hosts
  fi
}

elevate() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  elif command -v doas >/dev/null 2>&1; then
    doas "$@"
  else
    sudo "$@"
  fi
}

# The block edit is done by a short python helper so that concurrent edits
# and odd line endings in the hosts file do not leave it half-written.
rewrite_hosts() {
  local block="$1"
  elevate env BLOCK="$block" BEGIN="$MARK_BEGIN" END="$MARK_END" TARGET="$HOSTS_FILE" \
    python3 -c '
import os, re, shutil, tempfile
target = os.environ["TARGET"]
begin, end, block = os.environ["BEGIN"], os.environ["END"], os.environ["BLOCK"]
text = open(target).read()
text = re.sub(re.escape(begin) + r".*?" + re.escape(end) + r"\n?", "", text, flags=re.S)
if block:
    text = text.rstrip("\n") + "\n" + begin + "\n" + block + "\n" + end + "\n"
shutil.copy2(target, target + ".carrier-bak")
fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target))
with os.fdopen(fd, "w") as fh:
    fh.write(text)
shutil.copymode(target, tmp)
os.replace(tmp, target)
'
}

flush_resolver() {
  if command -v resolvectl >/dev/null 2>&1; then
    elevate resolvectl flush-caches || true
  elif systemctl is-active --quiet nscd 2>/dev/null; then
    elevate systemctl restart nscd
  fi
}

case "$MODE" in
  on)
    block=""
    while read -r host; do
      block+="${PROXY_IP} ${host}"$'\n'
    done < <(carrier_hosts)
    rewrite_hosts "${block%$'\n'}"
    flush_resolver
    echo "carrier hosts pinned to $PROXY_IP:"
    carrier_hosts | sed 's/^/  /'
    ;;
  off)
    rewrite_hosts ""
    flush_resolver
    echo "carrier hosts restored"
    ;;
  show)
    sed -n "/^${MARK_BEGIN}\$/,/^${MARK_END}\$/p" "$HOSTS_FILE" || true
    ;;
  *)
    echo "usage: $0 on|off|show [proxy-ip]" >&2
    exit 2
    ;;
esac
