#!/bin/sh
su -c whoami
