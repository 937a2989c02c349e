#!/usr/bin/env bash
# Join this Linux host to the AD domain with realmd/SSSD and apply the
# estate's standard SSSD options. The domain admin password is prompted for
# by realm itself; this script never sees it.
#
#   realm_member_join.sh -d corp.example -u svc-join [-o "OU=Linux,OU=Servers"]
set -euo pipefail

DOMAIN=""
JOIN_USER=""
COMPUTER_OU=""
ALLOW_GROUPS=("linux-admins" "linux-users")
SSSD_CONF="/etc/sssd/sssd.conf"

die() { echo "join: $*" >&2; exit 1; }

while getopts "d:u:o:g:" opt; do
    case "$opt" in
        d) DOMAIN="$OPTARG" ;;
        u) JOIN_USER="$OPTARG" ;;
        o) COMPUTER_OU="$OPTARG" ;;
        g) ALLOW_GROUPS+=("$OPTARG") ;;
        *) die "bad option" ;;
    esac
done
[[ -n "$DOMAIN" && -n "$JOIN_USER" ]] || die "usage: $0 -d domain -u join-user [-o OU]"

pkg_install() {
    if command -v dnf >/dev/null; then
        sudo dnf -y install realmd sssd adcli oddjob-mkhomedir samba-common-tools krb5-workstation
    elif command -v apt-get >/dev/null; then
        sudo DEBIAN_FRONTEND=noninteractive apt-get -y install \
            realmd sssd sssd-tools adcli libnss-sss libpam-sss packagekit krb5-user
    else
        die "unsupported package manager"
    fi
}

if realm list --name-only 2>/dev/null | grep -qix "$DOMAIN"; then
    echo "already joined to $DOMAIN"
    exit 0
fi

pkg_install
echo "discovering $DOMAIN ..."
sudo realm discover "$DOMAIN" >/dev/null || die "cannot discover $DOMAIN (DNS SRV records?)"

join_args=(--user="$JOIN_USER" --membership-software=adcli --client-software=sssd)
[[ -n "$COMPUTER_OU" ]] && join_args+=(--computer-ou="$COMPUTER_OU")
sudo realm join "${join_args[@]}" "$DOMAIN" || die "realm join failed"

# Short names and predictable homes across the estate.
sudo cp -p "$SSSD_CONF" "${SSSD_CONF}.prejoin"
sudo sed -i \
    -e 's/^use_fully_qualified_names = .*/use_fully_qualified_names = False/' \
    -e 's|^fallback_homedir = .*|fallback_homedir = /home/%d/%u|' \
    "$SSSD_CONF"
if ! sudo grep -q '^ad_gpo_access_control' "$SSSD_CONF"; then
    sudo sed -i "/^\[domain\/${DOMAIN}\]/a ad_gpo_access_control = enforcing" "$SSSD_CONF"
fi
sudo chmod 0600 "$SSSD_CONF"
sudo chown root:root "$SSSD_CONF"

sudo realm deny --all
for grp in "${ALLOW_GROUPS[@]}"; do
    sudo realm permit -g "$grp"
done

if command -v pam-auth-update >/dev/null; then
    sudo pam-auth-update --enable mkhomedir
fi

sudo sss_cache -E
sudo systemctl restart sssd
sleep 2
if id "${JOIN_USER}" >/dev/null 2>&1; then
    echo "joined $(hostname -f) to $DOMAIN; lookup of $JOIN_USER works"
else
    die "joined, but NSS lookup of $JOIN_USER failed; check journalctl -u sssd"
fi
