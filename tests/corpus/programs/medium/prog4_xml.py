from lxml import etree
parser = etree.XMLParser(resolve_entities=True)
tree = etree.parse("feed.xml", parser)
print(tree.getroot().tag)
