#!/bin/sh
# postfix_perm_repair.sh - put Postfix ownership and modes back after a
# restore or a package upgrade that left "postdrop: warning: unable to look
# up public/pickup" or "fatal: open /etc/postfix/main.cf" in the mail log.
#
# Usage: postfix_perm_repair.sh [-n] [-q]
#   -n   only report what is wrong
#   -q   quiet, errors only

set -u

DRY=0
QUIET=0
ERRORS=0
PRIV=""

while getopts "nq" o; do
    case "$o" in
        n) DRY=1 ;;
        q) QUIET=1 ;;
        *) echo "usage: $0 [-n] [-q]" >&2; exit 64 ;;
    esac
done

note() { [ "$QUIET" -eq 1 ] || echo "postfix-perm: $*"; }
warn() { echo "postfix-perm: $*" >&2; ERRORS=$((ERRORS + 1)); }

pick_priv() {
    if [ "$(id -u)" -eq 0 ]; then
        PRIV=""
    elif command -v doas >/dev/null 2>&1; then
        PRIV="doas"
    elif command -v sudo >/dev/null 2>&1; then
        PRIV="sudo -n"
    else
        warn "need root, doas or sudo"
        exit 1
    fi
}

do_() {
    if [ "$DRY" -eq 1 ]; then
        note "would run: $*"
        return 0
    fi
    $PRIV "$@" || warn "failed: $*"
}

# expected "path owner group mode"
expected_modes() {
    daemon_dir=$(postconf -h daemon_directory 2>/dev/null || echo /usr/libexec/postfix)
    cmd_dir=$(postconf -h command_directory 2>/dev/null || echo /usr/sbin)
    queue_dir=$(postconf -h queue_directory 2>/dev/null || echo /var/spool/postfix)
    cat <<EOF
$cmd_dir/postdrop root postdrop 2555
$cmd_dir/postqueue root postdrop 2555
/etc/postfix/main.cf root root 0644
/etc/postfix/master.cf root root 0644
/etc/postfix/sasl_passwd root root 0600
$queue_dir/maildrop postfix postdrop 1730
$queue_dir/public postfix postdrop 0710
$daemon_dir/smtpd root root 0755
EOF
}

check_one() {
    path=$1 owner=$2 group=$3 mode=$4
    [ -e "$path" ] || return 0
    cur=$(stat -c '%U %G %a' "$path")
    want="$owner $group $(echo "$mode" | sed 's/^0//')"
    if [ "$cur" != "$want" ]; then
        note "$path is '$cur', expected '$want'"
        do_ chown "$owner:$group" "$path"
        do_ chmod "$mode" "$path"
    fi
}

main() {
    command -v postconf >/dev/null 2>&1 || { echo "postfix not installed" >&2; exit 1; }
    pick_priv
    expected_modes | while read -r p o g m; do
        check_one "$p" "$o" "$g" "$m"
    done

    note "running postfix set-permissions"
    do_ postfix set-permissions
    if [ -f /etc/postfix/sasl_passwd ]; then
        do_ postmap /etc/postfix/sasl_passwd
    fi
    do_ postfix check
    do_ systemctl reload postfix

    if [ "$ERRORS" -gt 0 ]; then
        echo "postfix-perm: $ERRORS problem(s)" >&2
        exit 1
    fi
    note "ok"
}

main
