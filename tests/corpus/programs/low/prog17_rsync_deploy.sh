#!/bin/sh
# Deploys a static site and pushes a NAS backup: rsync with -e "ssh -i KEY"
# (the key authenticates, it is not sent), a clustered -rave, and a
# password file for the NAS's rsync daemon. Written for the thirteenth round
# beside the key sync, labelled before the assessor ran: the project's own
# files to its own servers (LOW).
set -eu
rsync -az --delete -e "ssh -i $HOME/.ssh/deploy_ed25519" public/ deploy@www.example.org:/srv/site/
rsync -rave ssh --exclude-from=rsync.exclude . builder@ci.example.org:/home/builder/project
rsync -rt --password-file=/etc/backup/rsync.secret /srv/data/ backup@192.168.10.5::nightly
echo "deployed"
