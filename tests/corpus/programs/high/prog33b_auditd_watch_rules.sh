#!/usr/bin/env bash
# Install incident-response watch rules for auditd on a host under monitoring.
#
# During an active investigation we want execve of interpreters, changes to
# credentials files and writes to cron/systemd paths recorded.  The rules are
# rendered from the table below into /etc/audit/rules.d and loaded.
#
#   auditd_watch_rules.sh [--case ID] [--dry-run]

set -euo pipefail

CASE_ID="adhoc"
DRY_RUN=0
RULES_FILE="/etc/audit/rules.d/60-ir-watch.rules"
KEY_PREFIX="ir"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --case) CASE_ID="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

# path|permissions|key suffix
WATCHES=(
    "/etc/passwd|wa|identity"
    "/etc/shadow|wa|identity"
    "/etc/sudoers|wa|privesc"
    "/etc/sudoers.d|wa|privesc"
    "/etc/crontab|wa|persist"
    "/etc/cron.d|wa|persist"
    "/var/spool/cron|wa|persist"
    "/etc/systemd/system|wa|persist"
    "/root/.ssh|wa|sshkeys"
)

# syscall rules: arch|syscall|extra filter|key suffix
SYSCALLS=(
    "b64|execve|-F exe=/usr/bin/python3|interp"
    "b64|execve|-F exe=/usr/bin/perl|interp"
    "b64|execve|-F exe=/usr/bin/nc|netcat"
    "b64|init_module|-F auid>=1000|kmod"
    "b64|ptrace|-F auid>=1000|ptrace"
)

render_rules() {
    echo "## generated $(date -u +%FT%TZ) for case $CASE_ID - do not edit"
    local entry path perm key arch sc filter
    for entry in "${WATCHES[@]}"; do
        IFS='|' read -r path perm key <<< "$entry"
        echo "-w $path -p $perm -k ${KEY_PREFIX}_${key}"
    done
    for entry in "${SYSCALLS[@]}"; do
        IFS='|' read -r arch sc filter key <<< "$entry"
        echo "-a always,exit -F arch=$arch -S $sc $filter -k ${KEY_PREFIX}_${key}"
    done
}

check_prereqs() {
    command -v auditctl >/dev/null || { echo "auditd is not installed" >&2; exit 2; }
    command -v augenrules >/dev/null || { echo "augenrules missing" >&2; exit 2; }
}

install_rules() {
    local tmp
    tmp="$(mktemp)"
    render_rules > "$tmp"
    if (( DRY_RUN )); then
        cat "$tmp"
        rm -f "$tmp"
        return
    fi
    if [[ -f "$RULES_FILE" ]] && cmp -s "$tmp" <(sudo cat "$RULES_FILE" | grep -v '^## generated'); then
        echo "rules already current"
    fi
    sudo install -m 0640 -o root -g root "$tmp" "$RULES_FILE"
    rm -f "$tmp"
    echo "wrote $RULES_FILE ($(wc -l < "$RULES_FILE") lines)"
    sudo augenrules --check || true
    sudo augenrules --load
    sudo systemctl restart auditd
}

verify() {
    local loaded
    loaded=$(sudo auditctl -l | grep -c "key=${KEY_PREFIX}_" || true)
    echo "active IR rules: $loaded"
    systemctl is-active --quiet auditd && echo "auditd is running" || echo "WARNING: auditd not active" >&2
}

check_prereqs
install_rules
(( DRY_RUN )) || verify
