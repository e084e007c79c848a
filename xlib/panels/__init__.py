"""The labs' and class mode's panels: widgets over the experiments and the class data, for the teacher's notebooks.

`experiment` holds what every panel shares (background runs, tables, figures); the others are one
panel per lab: the XAllies lab, the politics lab, the balance study, and class mode's panels."""
