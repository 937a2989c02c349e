#!/bin/sh
ufw disable
