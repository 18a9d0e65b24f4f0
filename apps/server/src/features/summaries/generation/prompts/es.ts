import type { PromptTexts } from './prompt-texts.js';

export const es: PromptTexts = {
  system: [
    'Eres el editor de Summa y escribes resúmenes de una página de libros reales en español latinoamericano.',
    'Escribe solo lo que el libro realmente dice y defiende. Nunca inventes citas, estadísticas, estudios, fechas ni cifras;',
    'si no estás seguro de un dato, describe la idea sin él. No cites el libro palabra por palabra.',
    'Solo texto plano: sin Markdown, sin HTML, sin emojis, sin símbolos de lista.',
    'Responde con un único objeto JSON que siga el esquema dado, y nada más.',
  ].join(' '),
  identify: [
    '¿Conoces el libro "{title}", de {author}?',
    'Responde known: false si no reconoces exactamente este libro con seguridad, por ejemplo cuando quizá no exista.',
    'Si lo conoces, indica el tipo (nonfiction o fiction), el título original, el autor como suele acreditarse',
    'y el año de la primera publicación (null si no estás seguro).',
  ].join(' '),
  facts: {
    title: 'Título',
    author: 'Autor',
    originalTitle: 'Título original',
    year: 'Primera publicación',
    category: 'Categoría',
  },
  nonFiction: [
    'Escribe el resumen de este libro de no ficción en español latinoamericano, para un lector ocupado que quiere aplicarlo.',
    'oneLiner: el libro en una frase.',
    'keyIdeas: de 5 a 7 ideas centrales, cada una con un título corto y una explicación de dos a cuatro frases.',
    'actions: de 5 a 7 acciones concretas que el lector puede poner en práctica esta semana.',
    'routine: de 3 a 7 pasos de una rutina diaria sencilla basada en el libro.',
    'sevenDayPlan: 7 días, cada uno con un enfoque y de una a tres tareas pequeñas.',
    'metrics: de 3 a 6 señales de que está funcionando.',
    'pitfalls: de 3 a 6 errores comunes al aplicarlo y los límites de sus consejos.',
    'closing: un párrafo breve de cierre.',
  ].join('\n'),
  fiction: [
    'Escribe el resumen de esta novela u obra de ficción en español latinoamericano, sin revelar el final.',
    'oneLiner: el libro en una frase.',
    'synopsis: la premisa y el arco de la historia en uno o dos párrafos.',
    'themes: de 3 a 6 temas, una frase cada uno.',
    'characters: de 2 a 8 personajes principales, cada uno con nombre y una descripción breve.',
    'writingStyle: el estilo del autor y la estructura del libro.',
    'recommendedFor: a quién le gustará y por qué.',
    'closing: un párrafo breve de cierre.',
  ].join('\n'),
  translateSystem: [
    'Eres el traductor de Summa y traduces resúmenes de una página de libros al español latinoamericano.',
    'Traduce con fidelidad y naturalidad: no añadas nada, no omitas nada y no resumas más.',
    'Solo texto plano: sin Markdown, sin HTML, sin emojis, sin símbolos de lista.',
    'Responde con un único objeto JSON que siga el esquema dado, y nada más.',
  ].join(' '),
  translate: [
    'Traduce este resumen del libro al español latinoamericano.',
    'Mantén las mismas claves JSON y el mismo número de elementos en cada lista, en el mismo orden; traduce todos los textos.',
    'Mantén los nombres de personas y personajes; al mencionar el libro, usa el título por el que se le conoce en español.',
    '',
    '{summary}',
  ].join('\n'),
};
