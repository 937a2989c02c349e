#!/bin/sh
# Prepare this machine as a NodeODM processing worker and register it with
# the ClusterODM front end.
#
#   CLUSTER_URL=https://odm-cluster.survey.lan NODE_TOKEN=... ./nodeodm_worker_setup.sh [port]
#
# Expects a NodeODM checkout in ~/NodeODM (or $NODEODM_HOME).
set -eu

PORT="${1:-3000}"
CLUSTER_URL="${CLUSTER_URL:?set CLUSTER_URL}"
NODE_TOKEN="${NODE_TOKEN:?set NODE_TOKEN}"
NODEODM_HOME="${NODEODM_HOME:-$HOME/NodeODM}"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/nodeodm"
STAGE=/tmp/nodeodm-setup
LOGFILE="$CONF_DIR/setup.log"

mkdir -p "$CONF_DIR" "$STAGE"
exec 3>>"$LOGFILE"

say() {
  msg="$(date '+%F %T') $*"
  echo "$msg" >&3
  echo "$msg"
}

fail() { say "setup failed: $*"; exit 1; }

[ -f "$NODEODM_HOME/index.js" ] || fail "NodeODM not found in $NODEODM_HOME"
command -v node >/dev/null 2>&1 || fail "node is not installed"

# --- worker presets (processing defaults, max images, cleanup policy) -------
attempt=0
until wget -q -T 30 -O "$STAGE/presets.tar.gz" "$CLUSTER_URL/worker/presets.tar.gz"; do
  attempt=$((attempt + 1))
  [ "$attempt" -ge 4 ] && fail "could not download presets"
  say "presets download failed, retry $attempt"
  sleep $((attempt * 5))
done

tar -xzf "$STAGE/presets.tar.gz" -C "$CONF_DIR" --no-same-owner \
  || fail "presets archive is damaged"
say "presets unpacked into $CONF_DIR"

# --- node config -------------------------------------------------------------
CORES="$(nproc 2>/dev/null || echo 4)"
MEM_GB="$(awk '/MemTotal/ {printf "%d", $2/1048576}' /proc/meminfo)"
PARALLEL=$(( CORES / 8 ))
[ "$PARALLEL" -lt 1 ] && PARALLEL=1

cat >"$CONF_DIR/config.json" <<EOF
{
  "port": $PORT,
  "token": "$NODE_TOKEN",
  "parallel_queue_processing": $PARALLEL,
  "cleanup_tasks_after": 2880,
  "max_images": $(( MEM_GB * 40 )),
  "odm_path": "$HOME/ODM"
}
EOF
chmod 600 "$CONF_DIR/config.json"
say "wrote $CONF_DIR/config.json (cores=$CORES mem=${MEM_GB}G parallel=$PARALLEL)"

# --- register with ClusterODM ------------------------------------------------
HOSTNAME_FQDN="$(hostname -f 2>/dev/null || hostname)"
payload=$(printf '{"hostname":"%s","port":%s,"token":"%s"}' "$HOSTNAME_FQDN" "$PORT" "$NODE_TOKEN")
status=$(curl -s -o "$STAGE/register.out" -w '%{http_code}' \
  -H "Content-Type: application/json" -H "Authorization: Bearer $NODE_TOKEN" \
  -d "$payload" "$CLUSTER_URL/admin/nodes") || status=000

case "$status" in
  200|201) say "registered $HOSTNAME_FQDN:$PORT with cluster" ;;
  409)     say "node already registered" ;;
  *)       fail "registration returned HTTP $status: $(cat "$STAGE/register.out" 2>/dev/null)" ;;
esac

rm -f "$STAGE/presets.tar.gz" "$STAGE/register.out"
say "done. start the worker with:"
say "  cd $NODEODM_HOME && node index.js --config $CONF_DIR/config.json"
