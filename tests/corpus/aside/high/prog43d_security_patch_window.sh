#!/usr/bin/env bash
# security_patch_window.sh - apply pending security updates during the
# Tuesday maintenance window and pin the unattended-upgrades policy.
#
# Usage: security_patch_window.sh [--dry-run] [--allow-reboot]
set -euo pipefail

DRY_RUN=0
ALLOW_REBOOT=0
POLICY_FILE=/etc/apt/apt.conf.d/52patch-window
LOG_DIR="${LOG_DIR:-./patch-logs}"
EXTRA_PACKAGES=(unattended-upgrades needrestart apt-listchanges)

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --allow-reboot) ALLOW_REBOOT=1 ;;
        *) echo "unknown option: $arg" >&2; exit 64 ;;
    esac
done

# prefer doas on the hardened images, fall back to sudo elsewhere
if command -v doas >/dev/null 2>&1; then
    AS_ROOT=(doas)
else
    AS_ROOT=(sudo -n)
fi
[[ $EUID -eq 0 ]] && AS_ROOT=()

mkdir -p "$LOG_DIR"
RUN_LOG="$LOG_DIR/patch-$(date +%Y%m%d-%H%M).log"
log() { echo "[$(date +%T)] $*" | tee -a "$RUN_LOG"; }

run() {
    log "+ $*"
    if (( DRY_RUN )); then return 0; fi
    "${AS_ROOT[@]}" "$@" >>"$RUN_LOG" 2>&1
}

write_policy() {
    local content
    content=$(cat <<'POLICY'
// managed by security_patch_window.sh
Unattended-Upgrade::Origins-Pattern {
        "origin=${distro_id},archive=${distro_codename}-security";
};
Unattended-Upgrade::Remove-Unused-Kernel-Packages "true";
Unattended-Upgrade::Automatic-Reboot "false";
Dpkg::Options { "--force-confdef"; "--force-confold"; };
POLICY
)
    if [[ -f "$POLICY_FILE" ]] && [[ "$(cat "$POLICY_FILE")" == "$content" ]]; then
        log "policy $POLICY_FILE unchanged"
        return
    fi
    log "writing $POLICY_FILE"
    (( DRY_RUN )) || printf '%s\n' "$content" | "${AS_ROOT[@]}" tee "$POLICY_FILE" >/dev/null
}

pending_security() {
    apt-get -s dist-upgrade 2>/dev/null | awk '/^Inst/ && /-security/ {print $2}'
}

main() {
    log "patch window starting on $(hostname) ($(. /etc/os-release && echo "$PRETTY_NAME"))"
    run apt-get update -q
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${EXTRA_PACKAGES[@]}"
    write_policy

    mapfile -t pkgs < <(pending_security)
    log "${#pkgs[@]} security update(s) pending"
    if (( ${#pkgs[@]} > 0 )); then
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --only-upgrade "${pkgs[@]}"
    fi
    run apt-get autoremove -y -q

    if [[ -f /var/run/reboot-required ]]; then
        log "reboot required by: $(tr '\n' ' ' < /var/run/reboot-required.pkgs 2>/dev/null)"
        if (( ALLOW_REBOOT )); then
            run shutdown -r +5 "security patch window reboot"
        fi
    fi
    log "done; log at $RUN_LOG"
}

main
