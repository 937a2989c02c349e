#!/usr/bin/env bash
# Bootstrap a typesetting worker for the journal production pipeline.
#
# Creates a virtualenv under $WORKER_HOME, installs the worker package from the
# production index, writes a launcher and keeps the worker alive across reboots
# so production editors do not have to restart it by hand after maintenance.
#
#   WORKER_HOME      default: ~/typeset-worker
#   QUEUE_URL        production queue (required)
#   WORKER_INDEX     package index URL (default: https://pypi.org/simple)
set -euo pipefail

WORKER_HOME="${WORKER_HOME:-$HOME/typeset-worker}"
WORKER_INDEX="${WORKER_INDEX:-https://pypi.org/simple}"
WORKER_PKG="${WORKER_PKG:-pandoc-jats-worker==0.9.3}"
PYTHON="${PYTHON:-python3}"
KEEPALIVE_MINUTES="${KEEPALIVE_MINUTES:-5}"

info() { echo "[bootstrap] $*"; }
fail() { echo "[bootstrap] error: $*" >&2; exit 1; }

[[ -n "${QUEUE_URL:-}" ]] || fail "QUEUE_URL must be set"
command -v "$PYTHON" >/dev/null || fail "$PYTHON not found"
command -v pandoc >/dev/null || info "warning: pandoc not on PATH, JATS conversion will fail"

make_venv() {
  if [[ ! -x "$WORKER_HOME/venv/bin/python" ]]; then
    info "creating virtualenv in $WORKER_HOME/venv"
    mkdir -p "$WORKER_HOME"
    "$PYTHON" -m venv "$WORKER_HOME/venv"
  fi
  "$WORKER_HOME/venv/bin/pip" install --quiet --upgrade pip
  "$WORKER_HOME/venv/bin/pip" install --quiet --index-url "$WORKER_INDEX" "$WORKER_PKG"
}

write_config() {
  cat > "$WORKER_HOME/worker.env" <<EOF
QUEUE_URL=$QUEUE_URL
WORKER_NAME=$(hostname -s)-typeset
OUTPUT_DIR=$WORKER_HOME/output
LOG_FILE=$WORKER_HOME/worker.log
EOF
  chmod 0600 "$WORKER_HOME/worker.env"
  mkdir -p "$WORKER_HOME/output"
}

write_launcher() {
  local launcher="$WORKER_HOME/run-worker.sh"
  cat > "$launcher" <<'EOF'
#!/usr/bin/env bash
cd "$(dirname "$0")"
pidfile=worker.pid
if [[ -f $pidfile ]] && kill -0 "$(cat $pidfile)" 2>/dev/null; then exit 0; fi
set -a; . ./worker.env; set +a
nohup ./venv/bin/python -m jats_worker --queue "$QUEUE_URL" >>"$LOG_FILE" 2>&1 &
echo $! > "$pidfile"
EOF
  chmod 0755 "$launcher"
  echo "$launcher"
}

schedule_launcher() {
  local launcher="$1" marker="# typeset-worker"
  local current
  current="$(crontab -l 2>/dev/null | grep -v "$marker" || true)"
  {
    [[ -n "$current" ]] && printf '%s\n' "$current"
    echo "@reboot $launcher $marker"
    echo "*/$KEEPALIVE_MINUTES * * * * $launcher $marker"
  } | crontab -
  info "worker scheduled (reboot + every ${KEEPALIVE_MINUTES}m)"
}

smoke_test() {
  "$WORKER_HOME/venv/bin/python" -c 'import jats_worker, sys; print("jats_worker", jats_worker.__version__)' \
    || fail "worker package did not import"
}

main() {
  make_venv
  write_config
  smoke_test
  launcher="$(write_launcher)"
  schedule_launcher "$launcher"
  "$launcher"
  info "worker started; logs in $WORKER_HOME/worker.log"
}

main "$@"
