"""The one source of the rules' text: rule statements, the FAQ and the about text.

Content is data (``rules.yaml``, ``faq.yaml``, ``about.yaml`` beside this file), written in
English, extracted into the "content" gettext domain and translated into French and
Hungarian. Every game number in it is a named placeholder filled from
``tutor.engine.data``.

    from tutor.content import rules, faq, about
    rules.sections()            # Section(id, title, rules, text, tables), RULES.md order
    rules.get("3.4.2")          # a Section or a Rule; rules.UnknownRule names close ids
    rules.render(item, tr)      # plain text, translated, numbers filled in
    rules.table_rows("cities", tr)
    faq.entries(); faq.search("jetpack", "hu")
    about.facts(tr); about.render(tr)
"""
