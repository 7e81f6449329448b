/** A standard field of a Tellico collection type: [name, title, Tellico field type, flags]. */
export type TellicoDefault = [name: string, title: string, type: number, flags: number];
