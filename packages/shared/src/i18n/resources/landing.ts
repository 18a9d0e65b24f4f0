import { defineMessages } from '../define-messages.js';

/** The public landing page at /pt, /en and /es (spec §2, "Landing page"). */
export const landing = defineMessages({
  pt: {
    meta: {
      title: 'Summa: resumos de livros com IA em uma página',
      description:
        'Resumos de uma página com ideias-chave, ações práticas e plano de 7 dias, com áudio narrado. Ganhe XP e suba de nível lendo.',
    },
    hero: {
      badge: 'Mais de 1.200 leitores',
      title: 'O essencial de qualquer livro em uma página',
      subtitle:
        'Digite o título e o autor: o Summa entrega ideias-chave, passos práticos, rotina e plano de 7 dias, com áudio narrado.',
      cta: 'Começar grátis',
      note: 'Grátis para começar, sem cartão de crédito.',
      preview: {
        label: 'Exemplo de resumo',
        book: 'Hábitos Atômicos',
        author: 'James Clear',
        oneLinerLabel: 'Em uma frase',
        oneLiner: 'Pequenas melhorias diárias, somadas ao longo do tempo, mudam quem você é.',
        actionsLabel: 'Ações práticas',
        actionOne: 'Ligue um novo hábito a algo que você já faz todos os dias.',
        actionTwo: 'Deixe o bom hábito à vista e o mau hábito difícil de alcançar.',
        xp: '+10 XP',
        listen: 'Áudio de 6 min',
      },
    },
    benefits: {
      title: 'Por que ler com o Summa',
      lead: 'Menos tempo procurando o que importa, mais tempo colocando em prática.',
      items: {
        onePage: {
          title: 'Tudo em uma página',
          text: 'Ideia central, conceitos-chave e armadilhas do livro, sem enrolação.',
        },
        actions: {
          title: 'Da leitura à prática',
          text: 'Ações concretas, uma rotina sugerida e um plano de 7 dias para aplicar o que aprendeu.',
        },
        audio: {
          title: 'Ouça onde estiver',
          text: 'Transforme qualquer resumo em áudio narrado para ouvir no trânsito ou na academia.',
        },
        languages: {
          title: 'Em três idiomas',
          text: 'Resumos em português, inglês e espanhol, mesmo de livros publicados em outra língua.',
        },
        progress: {
          title: 'XP, níveis e sequências',
          text: 'Ganhe XP a cada leitura, mantenha sua sequência diária e suba no ranking com seu apelido.',
        },
        catalog: {
          title: 'Catálogo por categorias',
          text: 'Explore hábitos, finanças, liderança, psicologia, carreira e muito mais.',
        },
      },
    },
    howItWorks: {
      title: 'Como funciona',
      lead: 'Do título ao resumo em três passos.',
      step: 'Passo {{number}}',
      steps: {
        choose: {
          title: 'Escolha o livro',
          text: 'Busque no catálogo ou digite o título e o autor do livro que você quer entender.',
        },
        generate: {
          title: 'A IA escreve o resumo',
          text: 'Em instantes você recebe ideias-chave, ações, rotina e um plano de 7 dias em uma página.',
        },
        grow: {
          title: 'Leia, ouça e evolua',
          text: 'Ouça a versão narrada, ganhe XP, mantenha a sequência e suba de nível.',
        },
      },
    },
    library: {
      title: 'Uma biblioteca que cresce com você',
      lead: 'Alguns clássicos de não ficção para começar. E qualquer outro livro que você digitar.',
      cta: 'Ler estes resumos',
      books: {
        atomicHabits: { title: 'Hábitos Atômicos', author: 'James Clear', category: 'Hábitos' },
        thinkingFastSlow: {
          title: 'Rápido e Devagar',
          author: 'Daniel Kahneman',
          category: 'Psicologia',
        },
        sapiens: {
          title: 'Sapiens: Uma Breve História da Humanidade',
          author: 'Yuval Noah Harari',
          category: 'História',
        },
        psychologyOfMoney: {
          title: 'A Psicologia Financeira',
          author: 'Morgan Housel',
          category: 'Finanças',
        },
        mindset: {
          title: 'Mindset: A Nova Psicologia do Sucesso',
          author: 'Carol S. Dweck',
          category: 'Desenvolvimento pessoal',
        },
        leanStartup: { title: 'A Startup Enxuta', author: 'Eric Ries', category: 'Empreendedorismo' },
      },
    },
    testimonials: {
      title: 'Como os leitores usam o Summa',
      lead: 'Três situações comuns em que um resumo de uma página faz diferença.',
      readers: {
        title: 'O que os leitores dizem',
        lead: 'Comentários de leitores do Summa sobre os resumos que leram, com o apelido de cada um.',
        about: 'sobre {{title}}',
      },
      items: {
        first: {
          quote:
            'Reveja as ideias principais de um livro no trajeto para o trabalho e aplique uma delas no mesmo dia.',
          label: 'No trajeto',
          context: 'ideias-chave e áudio narrado',
        },
        second: {
          quote: 'Antes de comprar, leia o resumo e decida se o livro merece a leitura completa.',
          label: 'Na escolha do próximo livro',
          context: 'resumo em uma página',
        },
        third: {
          quote: 'Saia da teoria com o plano de 7 dias e mantenha a sequência diária de leitura.',
          label: 'Na prática',
          context: 'plano de 7 dias e sequência',
        },
      },
    },
    pricing: {
      title: 'Planos simples',
      lead: 'Comece grátis e passe para o Premium quando quiser.',
      billing: {
        label: 'Período de cobrança',
        monthly: 'Mensal',
        yearly: 'Anual',
        yearlyHint: '{{months}} meses grátis',
      },
      free: {
        name: 'Gratuito',
        description: 'Para conhecer o Summa e ler com regularidade.',
        period: '/mês',
        cta: 'Criar conta grátis',
        features: {
          summaries: '10 resumos por mês',
          audios: '10 áudios por mês',
          library: 'Biblioteca básica',
          progress: 'XP, níveis e conquistas',
          support: 'Suporte básico',
        },
      },
      premium: {
        name: 'Premium',
        tag: 'Recomendado',
        description: 'Para quem lê todo dia e quer ir além.',
        monthlyPeriod: '/mês',
        yearlyPeriod: '/ano',
        monthlyNote: 'ou {{yearly}} por ano, com {{months}} meses grátis',
        yearlyNote: 'equivale a {{perMonth}} por mês',
        cta: 'Assinar o Premium',
        features: {
          unlimited: 'Resumos e áudios ilimitados',
          pdf: 'Exportação em PDF',
          history: 'Histórico ilimitado',
          translation: 'Tradução instantânea EN/PT/ES',
          support: 'Suporte prioritário',
          badge: 'Selo Premium no perfil',
        },
      },
      guarantee: 'Garantia de 7 dias. Cancele quando quiser.',
    },
    closing: {
      title: 'Seu próximo livro começa hoje',
      text: 'Crie sua conta grátis e gere o primeiro resumo em poucos instantes.',
      cta: 'Criar conta grátis',
    },
  },
  en: {
    meta: {
      title: 'Summa: one-page AI book summaries',
      description:
        'One-page summaries with key ideas, practical actions and a 7-day plan, with narrated audio. Earn XP and level up as you read.',
    },
    hero: {
      badge: 'Over 1,200 readers',
      title: 'The essence of any book on one page',
      subtitle:
        'Type the title and author: Summa gives you key ideas, practical steps, a routine and a 7-day plan, with narrated audio.',
      cta: 'Start for free',
      note: 'Free to start, no credit card needed.',
      preview: {
        label: 'Sample summary',
        book: 'Atomic Habits',
        author: 'James Clear',
        oneLinerLabel: 'In one sentence',
        oneLiner: 'Small daily improvements, added up over time, change who you are.',
        actionsLabel: 'Action steps',
        actionOne: 'Tie a new habit to something you already do every day.',
        actionTwo: 'Keep good habits in sight and bad habits out of reach.',
        xp: '+10 XP',
        listen: '6-min audio',
      },
    },
    benefits: {
      title: 'Why read with Summa',
      lead: 'Less time hunting for what matters, more time putting it to work.',
      items: {
        onePage: {
          title: 'All on one page',
          text: "The book's central idea, key concepts and pitfalls, without the filler.",
        },
        actions: {
          title: 'From reading to doing',
          text: 'Concrete actions, a suggested routine and a 7-day plan to apply what you learned.',
        },
        audio: {
          title: 'Listen anywhere',
          text: 'Turn any summary into narrated audio for your commute or workout.',
        },
        languages: {
          title: 'In three languages',
          text: 'Summaries in English, Portuguese and Spanish, even for books published in another language.',
        },
        progress: {
          title: 'XP, levels and streaks',
          text: 'Earn XP with every read, keep your daily streak and climb the ranking under your nickname.',
        },
        catalog: {
          title: 'A catalog by category',
          text: 'Explore habits, finance, leadership, psychology, careers and much more.',
        },
      },
    },
    howItWorks: {
      title: 'How it works',
      lead: 'From a title to a summary in three steps.',
      step: 'Step {{number}}',
      steps: {
        choose: {
          title: 'Pick a book',
          text: 'Search the catalog or type the title and author of the book you want to understand.',
        },
        generate: {
          title: 'AI writes the summary',
          text: 'In moments you get key ideas, actions, a routine and a 7-day plan on a single page.',
        },
        grow: {
          title: 'Read, listen and grow',
          text: 'Play the narrated version, earn XP, keep your streak and level up.',
        },
      },
    },
    library: {
      title: 'A library that grows with you',
      lead: 'A few non-fiction classics to start with. Plus any other book you type in.',
      cta: 'Read these summaries',
      books: {
        atomicHabits: { title: 'Atomic Habits', author: 'James Clear', category: 'Habits' },
        thinkingFastSlow: {
          title: 'Thinking, Fast and Slow',
          author: 'Daniel Kahneman',
          category: 'Psychology',
        },
        sapiens: {
          title: 'Sapiens: A Brief History of Humankind',
          author: 'Yuval Noah Harari',
          category: 'History',
        },
        psychologyOfMoney: {
          title: 'The Psychology of Money',
          author: 'Morgan Housel',
          category: 'Finance',
        },
        mindset: {
          title: 'Mindset: The New Psychology of Success',
          author: 'Carol S. Dweck',
          category: 'Personal growth',
        },
        leanStartup: { title: 'The Lean Startup', author: 'Eric Ries', category: 'Entrepreneurship' },
      },
    },
    testimonials: {
      title: 'How readers use Summa',
      lead: 'Three common moments when a one-page summary makes a difference.',
      readers: {
        title: 'What readers say',
        lead: 'Comments from Summa readers on the summaries they read, signed with their nicknames.',
        about: 'on {{title}}',
      },
      items: {
        first: {
          quote:
            'Review the main ideas of a book on the way to work and put one of them to use the same day.',
          label: 'On the commute',
          context: 'key ideas and narrated audio',
        },
        second: {
          quote: 'Before buying, read the summary and decide whether the book deserves a full read.',
          label: 'Choosing the next book',
          context: 'one-page summary',
        },
        third: {
          quote: 'Move from theory to practice with the 7-day plan and keep your daily reading streak.',
          label: 'In practice',
          context: '7-day plan and streaks',
        },
      },
    },
    pricing: {
      title: 'Simple plans',
      lead: 'Start for free and move to Premium whenever you like.',
      billing: {
        label: 'Billing period',
        monthly: 'Monthly',
        yearly: 'Yearly',
        yearlyHint: '{{months}} months free',
      },
      free: {
        name: 'Free',
        description: 'To get to know Summa and read regularly.',
        period: '/month',
        cta: 'Create a free account',
        features: {
          summaries: '10 summaries a month',
          audios: '10 audios a month',
          library: 'Basic library',
          progress: 'XP, levels and achievements',
          support: 'Basic support',
        },
      },
      premium: {
        name: 'Premium',
        tag: 'Recommended',
        description: 'For people who read every day and want more.',
        monthlyPeriod: '/month',
        yearlyPeriod: '/year',
        monthlyNote: 'or {{yearly}} a year, with {{months}} months free',
        yearlyNote: 'about {{perMonth}} a month',
        cta: 'Go Premium',
        features: {
          unlimited: 'Unlimited summaries and audio',
          pdf: 'PDF export',
          history: 'Unlimited history',
          translation: 'Instant translation EN/PT/ES',
          support: 'Priority support',
          badge: 'Premium badge on your profile',
        },
      },
      guarantee: '7-day guarantee. Cancel anytime.',
    },
    closing: {
      title: 'Your next book starts today',
      text: 'Create your free account and generate your first summary in moments.',
      cta: 'Create a free account',
    },
  },
  es: {
    meta: {
      title: 'Summa: resúmenes de libros con IA en una página',
      description:
        'Resúmenes de una página con ideas clave, acciones prácticas y un plan de 7 días, con audio narrado. Gana XP y sube de nivel leyendo.',
    },
    hero: {
      badge: 'Más de 1.200 lectores',
      title: 'Lo esencial de cualquier libro en una página',
      subtitle:
        'Escribe el título y el autor: Summa te da ideas clave, pasos prácticos, una rutina y un plan de 7 días, con audio narrado.',
      cta: 'Empezar gratis',
      note: 'Gratis para empezar, sin tarjeta de crédito.',
      preview: {
        label: 'Ejemplo de resumen',
        book: 'Hábitos atómicos',
        author: 'James Clear',
        oneLinerLabel: 'En una frase',
        oneLiner: 'Pequeñas mejoras diarias, sumadas con el tiempo, cambian quién eres.',
        actionsLabel: 'Acciones prácticas',
        actionOne: 'Asocia un hábito nuevo a algo que ya haces todos los días.',
        actionTwo: 'Deja los buenos hábitos a la vista y los malos fuera de tu alcance.',
        xp: '+10 XP',
        listen: 'Audio de 6 min',
      },
    },
    benefits: {
      title: 'Por qué leer con Summa',
      lead: 'Menos tiempo buscando lo importante, más tiempo poniéndolo en práctica.',
      items: {
        onePage: {
          title: 'Todo en una página',
          text: 'La idea central, los conceptos clave y las trampas del libro, sin relleno.',
        },
        actions: {
          title: 'De la lectura a la acción',
          text: 'Acciones concretas, una rutina sugerida y un plan de 7 días para aplicar lo aprendido.',
        },
        audio: {
          title: 'Escucha donde estés',
          text: 'Convierte cualquier resumen en audio narrado para el trayecto o el gimnasio.',
        },
        languages: {
          title: 'En tres idiomas',
          text: 'Resúmenes en español, portugués e inglés, incluso de libros publicados en otro idioma.',
        },
        progress: {
          title: 'XP, niveles y rachas',
          text: 'Gana XP con cada lectura, mantén tu racha diaria y sube en el ranking con tu apodo.',
        },
        catalog: {
          title: 'Catálogo por categorías',
          text: 'Explora hábitos, finanzas, liderazgo, psicología, carrera y mucho más.',
        },
      },
    },
    howItWorks: {
      title: 'Cómo funciona',
      lead: 'Del título al resumen en tres pasos.',
      step: 'Paso {{number}}',
      steps: {
        choose: {
          title: 'Elige el libro',
          text: 'Busca en el catálogo o escribe el título y el autor del libro que quieres entender.',
        },
        generate: {
          title: 'La IA escribe el resumen',
          text: 'En instantes recibes ideas clave, acciones, una rutina y un plan de 7 días en una página.',
        },
        grow: {
          title: 'Lee, escucha y avanza',
          text: 'Escucha la versión narrada, gana XP, mantén tu racha y sube de nivel.',
        },
      },
    },
    library: {
      title: 'Una biblioteca que crece contigo',
      lead: 'Algunos clásicos de no ficción para empezar. Y cualquier otro libro que escribas.',
      cta: 'Leer estos resúmenes',
      books: {
        atomicHabits: { title: 'Hábitos atómicos', author: 'James Clear', category: 'Hábitos' },
        thinkingFastSlow: {
          title: 'Pensar rápido, pensar despacio',
          author: 'Daniel Kahneman',
          category: 'Psicología',
        },
        sapiens: {
          title: 'Sapiens: De animales a dioses',
          author: 'Yuval Noah Harari',
          category: 'Historia',
        },
        psychologyOfMoney: {
          title: 'La psicología del dinero',
          author: 'Morgan Housel',
          category: 'Finanzas',
        },
        mindset: {
          title: 'Mindset: La actitud del éxito',
          author: 'Carol S. Dweck',
          category: 'Desarrollo personal',
        },
        leanStartup: { title: 'El método Lean Startup', author: 'Eric Ries', category: 'Emprendimiento' },
      },
    },
    testimonials: {
      title: 'Cómo usan Summa los lectores',
      lead: 'Tres momentos comunes en que un resumen de una página marca la diferencia.',
      readers: {
        title: 'Lo que dicen los lectores',
        lead: 'Comentarios de lectores de Summa sobre los resúmenes que leyeron, con el apodo de cada uno.',
        about: 'sobre {{title}}',
      },
      items: {
        first: {
          quote:
            'Repasa las ideas principales de un libro camino al trabajo y aplica una de ellas el mismo día.',
          label: 'En el trayecto',
          context: 'ideas clave y audio narrado',
        },
        second: {
          quote: 'Antes de comprar, lee el resumen y decide si el libro merece la lectura completa.',
          label: 'Al elegir el próximo libro',
          context: 'resumen en una página',
        },
        third: {
          quote: 'Pasa de la teoría a la práctica con el plan de 7 días y mantén tu racha diaria de lectura.',
          label: 'En la práctica',
          context: 'plan de 7 días y rachas',
        },
      },
    },
    pricing: {
      title: 'Planes simples',
      lead: 'Empieza gratis y pásate a Premium cuando quieras.',
      billing: {
        label: 'Periodo de facturación',
        monthly: 'Mensual',
        yearly: 'Anual',
        yearlyHint: '{{months}} meses gratis',
      },
      free: {
        name: 'Gratis',
        description: 'Para conocer Summa y leer con regularidad.',
        period: '/mes',
        cta: 'Crear cuenta gratis',
        features: {
          summaries: '10 resúmenes al mes',
          audios: '10 audios al mes',
          library: 'Biblioteca básica',
          progress: 'XP, niveles y logros',
          support: 'Soporte básico',
        },
      },
      premium: {
        name: 'Premium',
        tag: 'Recomendado',
        description: 'Para quien lee todos los días y quiere ir más allá.',
        monthlyPeriod: '/mes',
        yearlyPeriod: '/año',
        monthlyNote: 'o {{yearly}} al año, con {{months}} meses gratis',
        yearlyNote: 'equivale a unos {{perMonth}} al mes',
        cta: 'Hazte Premium',
        features: {
          unlimited: 'Resúmenes y audios ilimitados',
          pdf: 'Exportación a PDF',
          history: 'Historial ilimitado',
          translation: 'Traducción instantánea EN/PT/ES',
          support: 'Soporte prioritario',
          badge: 'Insignia Premium en tu perfil',
        },
      },
      guarantee: 'Garantía de 7 días. Cancela cuando quieras.',
    },
    closing: {
      title: 'Tu próximo libro empieza hoy',
      text: 'Crea tu cuenta gratis y genera tu primer resumen en instantes.',
      cta: 'Crear cuenta gratis',
    },
  },
});
