#!/usr/bin/env bash
# farm_client_bootstrap.sh - set up the render farm client on an artist box
# so idle workstations pick up overnight frames.
#
# Installs a small polling agent under ~/.local/share/rfclient and makes sure
# it comes back after logins and reboots.
set -euo pipefail

FARM_URL="${FARM_URL:-https://farm.example.com}"
AGENT_DIR="${AGENT_DIR:-$HOME/.local/share/rfclient}"
POOL="${POOL:-workstations}"
LOG="${BOOT_LOG:-./farm_client_bootstrap.log}"
UNINSTALL=0

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --pool) POOL="$2"; shift 2 ;;
    --farm) FARM_URL="$2"; shift 2 ;;
    --uninstall) UNINSTALL=1; shift ;;
    -h|--help) echo "usage: $0 [--pool name] [--farm url] [--uninstall]"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

write_agent() {
  mkdir -p "$AGENT_DIR"
  cat > "$AGENT_DIR/agent.py" <<'PY'
import json, os, socket, time, urllib.request
farm = os.environ.get("RF_FARM", "https://farm.example.com")
pool = os.environ.get("RF_POOL", "workstations")
host = socket.gethostname()
while True:
    try:
        req = urllib.request.Request(f"{farm}/api/poll?host={host}&pool={pool}")
        with urllib.request.urlopen(req, timeout=15) as resp:
            job = json.load(resp)
        if job.get("idle"):
            time.sleep(60)
            continue
        print("job", job.get("id"))
    except Exception as exc:
        print("poll failed:", exc)
    time.sleep(30)
PY
  cat > "$AGENT_DIR/run.sh" <<EOF
#!/bin/bash
pgrep -f "$AGENT_DIR/agent.py" >/dev/null && exit 0
RF_FARM="$FARM_URL" RF_POOL="$POOL" nohup python3 "$AGENT_DIR/agent.py" \\
  >>"$AGENT_DIR/agent.log" 2>&1 &
EOF
  chmod 700 "$AGENT_DIR/run.sh"
  log "agent written to $AGENT_DIR"
}

hook_login() {
  local rc line
  line="[ -x \"$AGENT_DIR/run.sh\" ] && \"$AGENT_DIR/run.sh\" >/dev/null 2>&1 # rfclient"
  for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
    [[ -f "$rc" ]] || continue
    if ! grep -q '# rfclient' "$rc"; then
      echo "$line" >> "$rc"
      log "login hook added to $rc"
    fi
  done
}

hook_cron() {
  local existing
  existing="$(crontab -l 2>/dev/null | grep -v '# rfclient' || true)"
  printf '%s\n%s\n%s\n' "$existing" \
    "@reboot $AGENT_DIR/run.sh # rfclient" \
    "*/10 * * * * $AGENT_DIR/run.sh # rfclient" | crontab -
  log "cron entries installed"
}

uninstall() {
  crontab -l 2>/dev/null | grep -v '# rfclient' | crontab - || true
  for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
    [[ -f "$rc" ]] && sed -i '/# rfclient/d' "$rc"
  done
  rm -rf "$AGENT_DIR"
  log "rfclient removed"
}

main() {
  if (( UNINSTALL )); then
    uninstall
    return
  fi
  command -v python3 >/dev/null || { log "python3 missing"; exit 1; }
  write_agent
  hook_login
  hook_cron
  "$AGENT_DIR/run.sh"
  log "bootstrap complete for pool $POOL"
}

main
