#!/bin/sh
# Enable automatic home directory creation for directory (SSSD/LDAP) users
# on first login.  Idempotent: safe to run from the provisioning pipeline.
#
#   enable-mkhomedir.sh [--umask 0077] [--skel /etc/skel] [--dry-run]
set -eu

PAM_FILE=/etc/pam.d/common-session
UMASK=0077
SKEL=/etc/skel
DRY_RUN=0

say() { echo "mkhomedir: $*"; }

while [ $# -gt 0 ]; do
    case $1 in
        --umask) UMASK=$2; shift 2 ;;
        --skel) SKEL=$2; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        *) say "unknown argument $1"; exit 64 ;;
    esac
done

case $UMASK in
    0[0-7][0-7][0-7]) ;;
    *) say "umask must look like 0077"; exit 64 ;;
esac

# RHEL-family hosts use authselect instead of editing pam.d by hand
if [ -f /etc/redhat-release ] && command -v authselect >/dev/null 2>&1; then
    say "RHEL family detected, using authselect"
    if [ "$DRY_RUN" -eq 1 ]; then
        say "would run: authselect enable-feature with-mkhomedir"
        exit 0
    fi
    sudo authselect enable-feature with-mkhomedir
    say "remember: pam_oddjob_mkhomedir needs the oddjobd service running"
    exit 0
fi

if [ ! -f "$PAM_FILE" ]; then
    say "$PAM_FILE not found; unsupported distribution"
    exit 1
fi

if [ ! -e /lib/x86_64-linux-gnu/security/pam_mkhomedir.so ] &&
   [ ! -e /usr/lib/x86_64-linux-gnu/security/pam_mkhomedir.so ]; then
    say "pam_mkhomedir.so missing, installing libpam-modules"
    [ "$DRY_RUN" -eq 1 ] || sudo apt-get install -y libpam-modules
fi

LINE="session optional pam_mkhomedir.so skel=$SKEL umask=$UMASK"

if grep -Eq '^[[:space:]]*session[[:space:]]+.*pam_mkhomedir\.so' "$PAM_FILE"; then
    current=$(grep -E 'pam_mkhomedir\.so' "$PAM_FILE" | head -n1)
    if [ "$current" = "$LINE" ]; then
        say "already configured"
        exit 0
    fi
    say "replacing existing line: $current"
    [ "$DRY_RUN" -eq 1 ] && exit 0
    sudo cp -p "$PAM_FILE" "$PAM_FILE.bak.$(date +%Y%m%d%H%M%S)"
    sudo sed -i "s|^[[:space:]]*session.*pam_mkhomedir\.so.*|$LINE|" "$PAM_FILE"
else
    say "appending: $LINE"
    [ "$DRY_RUN" -eq 1 ] && exit 0
    sudo cp -p "$PAM_FILE" "$PAM_FILE.bak.$(date +%Y%m%d%H%M%S)"
    printf '%s\n' "$LINE" | sudo tee -a "$PAM_FILE" >/dev/null
fi

sudo chown root:root "$PAM_FILE"
sudo chmod 0644 "$PAM_FILE"
say "done; new users get a home directory from $SKEL on first login"
