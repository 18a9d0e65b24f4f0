import { defineMessages } from '../define-messages.js';

/**
 * The heading and lead line of every screen, shown in its <h1> and document title; public pages
 * that search engines list also carry a meta description.
 */
export const pages = defineMessages({
  pt: {
    home: { title: 'Gerar resumo' },
    auth: {
      title: 'Entrar ou criar conta',
      lead: 'Acesse seus resumos, XP e conquistas.',
      description:
        'Entre no Summa ou crie sua conta grátis para gerar resumos de livros com IA, ganhar XP e desbloquear conquistas.',
    },
    welcome: { title: 'Boas-vindas ao Summa!', lead: 'Sua conta está pronta.' },
    premiumWelcome: { title: 'Boas-vindas ao Premium!', lead: 'Resumos e áudios ilimitados liberados.' },
    summary: { title: 'Resumo', lead: 'O essencial do livro em uma página.' },
    history: { title: 'Histórico', lead: 'Os resumos que você já gerou e leu.' },
    plans: { title: 'Planos', lead: 'Escolha entre o plano Gratuito e o Premium.' },
    explore: { title: 'Explorar catálogo', lead: 'Descubra livros por categoria, nível e idioma.' },
    demo: {
      title: 'Demonstração',
      lead: 'Veja como um resumo do Summa é construído.',
      intro: 'Um resumo completo, escrito pelos nossos editores, para ler e ouvir sem criar conta.',
      loading: 'Carregando a demonstração…',
      narrationLoading: 'Carregando a narração…',
      narrationPreparing: 'Preparando a narração… Ela começa a tocar em instantes.',
      narrationError: 'Não foi possível carregar a narração.',
      errorTitle: 'Não foi possível carregar a demonstração',
      errorBody: 'Verifique sua conexão e tente novamente.',
      retry: 'Tentar novamente',
      ctaTitle: 'Quer um resumo assim de qualquer livro?',
      ctaBody:
        'Crie sua conta grátis: {{summaries}} resumos e {{audios}} áudios por mês, com XP, sequências e conquistas.',
      ctaButton: 'Criar conta grátis',
      ctaLogin: 'Já tenho conta',
    },
    profile: { title: 'Perfil', lead: 'Seu progresso de leitura, nível e sequência.' },
    achievements: { title: 'Conquistas', lead: 'Desbloqueie conquistas lendo e aprendendo.' },
    ranking: { title: 'Ranking', lead: 'Veja quem mais aprendeu: geral, por idioma e semanal.' },
    settings: { title: 'Configurações', lead: 'Idioma, apelido e avatar.' },
    terms: {
      title: 'Termos de uso',
      lead: 'As regras para usar o Summa.',
      description:
        'Os termos de uso do Summa: a conta, os planos Gratuito e Premium, os resumos gerados por IA e as regras de uso.',
    },
    privacy: {
      title: 'Política de privacidade',
      lead: 'Como tratamos os seus dados.',
      description:
        'Como o Summa coleta, usa e protege os seus dados: conta, histórico de resumos, pagamentos e os seus direitos.',
    },
    faq: {
      title: 'Perguntas frequentes',
      lead: 'Respostas para as dúvidas mais comuns.',
      description:
        'Respostas às perguntas frequentes sobre o Summa: resumos de livros com IA, planos, idiomas, conta e pagamentos.',
    },
    contact: { title: 'Contato', lead: 'Fale com a equipe do Summa.' },
    admin: { title: 'Administração', lead: 'Ferramentas para administrar o Summa.' },
    populateBooks: { title: 'Importar catálogo', lead: 'Reimporte o catálogo de livros do Summa.' },
    curationPeople: { title: 'Curadoria de pessoas', lead: 'Recomendações de livros de pessoas conhecidas.' },
    notFound: {
      title: 'Página não encontrada',
      lead: 'O endereço que você abriu não existe ou foi movido.',
      backHome: 'Voltar ao início',
    },
  },
  en: {
    home: { title: 'Generate a summary' },
    auth: {
      title: 'Sign in or create an account',
      lead: 'Get to your summaries, XP and achievements.',
      description:
        'Sign in to Summa or create your free account to generate AI book summaries, earn XP and unlock achievements.',
    },
    welcome: { title: 'Welcome to Summa!', lead: 'Your account is ready.' },
    premiumWelcome: { title: 'Welcome to Premium!', lead: 'Unlimited summaries and audio are unlocked.' },
    summary: { title: 'Summary', lead: 'The essence of the book on one page.' },
    history: { title: 'History', lead: 'The summaries you have generated and read.' },
    plans: { title: 'Plans', lead: 'Choose between the Free and Premium plans.' },
    explore: { title: 'Explore the catalog', lead: 'Discover books by category, level and language.' },
    demo: {
      title: 'Demo',
      lead: 'See how a Summa summary is put together.',
      intro: 'A complete summary, written by our editors, to read and listen to without an account.',
      loading: 'Loading the demo…',
      narrationLoading: 'Loading the narration…',
      narrationPreparing: 'Preparing the narration… It will be ready to play in a moment.',
      narrationError: 'The narration could not be loaded.',
      errorTitle: 'The demo could not be loaded',
      errorBody: 'Check your connection and try again.',
      retry: 'Try again',
      ctaTitle: 'Want a summary like this of any book?',
      ctaBody:
        'Create your free account: {{summaries}} summaries and {{audios}} audios a month, with XP, streaks and achievements.',
      ctaButton: 'Create a free account',
      ctaLogin: 'I already have an account',
    },
    profile: { title: 'Profile', lead: 'Your reading progress, level and streak.' },
    achievements: { title: 'Achievements', lead: 'Unlock achievements by reading and learning.' },
    ranking: { title: 'Ranking', lead: 'See who learned the most: global, by language and weekly.' },
    settings: { title: 'Settings', lead: 'Language, nickname and avatar.' },
    terms: {
      title: 'Terms of use',
      lead: 'The rules for using Summa.',
      description:
        "Summa's terms of use: your account, the Free and Premium plans, AI-generated summaries and the rules of use.",
    },
    privacy: {
      title: 'Privacy policy',
      lead: 'How we handle your data.',
      description:
        'How Summa collects, uses and protects your data: your account, summary history, payments and your rights.',
    },
    faq: {
      title: 'Frequently asked questions',
      lead: 'Answers to the most common questions.',
      description:
        'Answers to frequently asked questions about Summa: AI book summaries, plans, languages, accounts and payments.',
    },
    contact: { title: 'Contact', lead: 'Talk to the Summa team.' },
    admin: { title: 'Administration', lead: 'Tools to run Summa.' },
    populateBooks: { title: 'Import catalog', lead: "Re-import Summa's book catalog." },
    curationPeople: { title: 'People curation', lead: 'Book recommendations from well-known people.' },
    notFound: {
      title: 'Page not found',
      lead: 'The address you opened does not exist or has moved.',
      backHome: 'Back to the start',
    },
  },
  es: {
    home: { title: 'Generar resumen' },
    auth: {
      title: 'Inicia sesión o crea una cuenta',
      lead: 'Accede a tus resúmenes, XP y logros.',
      description:
        'Inicia sesión en Summa o crea tu cuenta gratis para generar resúmenes de libros con IA, ganar XP y desbloquear logros.',
    },
    welcome: { title: '¡Bienvenido a Summa!', lead: 'Tu cuenta está lista.' },
    premiumWelcome: { title: '¡Bienvenido a Premium!', lead: 'Resúmenes y audios ilimitados desbloqueados.' },
    summary: { title: 'Resumen', lead: 'Lo esencial del libro en una página.' },
    history: { title: 'Historial', lead: 'Los resúmenes que ya generaste y leíste.' },
    plans: { title: 'Planes', lead: 'Elige entre el plan Gratis y el Premium.' },
    explore: { title: 'Explorar catálogo', lead: 'Descubre libros por categoría, nivel e idioma.' },
    demo: {
      title: 'Demostración',
      lead: 'Mira cómo se construye un resumen de Summa.',
      intro: 'Un resumen completo, escrito por nuestros editores, para leer y escuchar sin crear una cuenta.',
      loading: 'Cargando la demostración…',
      narrationLoading: 'Cargando la narración…',
      narrationPreparing: 'Preparando la narración… Estará lista para escuchar en un momento.',
      narrationError: 'No se pudo cargar la narración.',
      errorTitle: 'No se pudo cargar la demostración',
      errorBody: 'Revisa tu conexión e inténtalo de nuevo.',
      retry: 'Intentar de nuevo',
      ctaTitle: '¿Quieres un resumen así de cualquier libro?',
      ctaBody:
        'Crea tu cuenta gratis: {{summaries}} resúmenes y {{audios}} audios al mes, con XP, rachas y logros.',
      ctaButton: 'Crear cuenta gratis',
      ctaLogin: 'Ya tengo una cuenta',
    },
    profile: { title: 'Perfil', lead: 'Tu progreso de lectura, nivel y racha.' },
    achievements: { title: 'Logros', lead: 'Desbloquea logros leyendo y aprendiendo.' },
    ranking: { title: 'Ranking', lead: 'Mira quién aprendió más: global, por idioma y semanal.' },
    settings: { title: 'Configuración', lead: 'Idioma, apodo y avatar.' },
    terms: {
      title: 'Términos de uso',
      lead: 'Las reglas para usar Summa.',
      description:
        'Los términos de uso de Summa: la cuenta, los planes Gratuito y Premium, los resúmenes generados por IA y las reglas de uso.',
    },
    privacy: {
      title: 'Política de privacidad',
      lead: 'Cómo tratamos tus datos.',
      description:
        'Cómo Summa recopila, usa y protege tus datos: la cuenta, el historial de resúmenes, los pagos y tus derechos.',
    },
    faq: {
      title: 'Preguntas frecuentes',
      lead: 'Respuestas a las dudas más comunes.',
      description:
        'Respuestas a las preguntas frecuentes sobre Summa: resúmenes de libros con IA, planes, idiomas, cuenta y pagos.',
    },
    contact: { title: 'Contacto', lead: 'Habla con el equipo de Summa.' },
    admin: { title: 'Administración', lead: 'Herramientas para administrar Summa.' },
    populateBooks: { title: 'Importar catálogo', lead: 'Vuelve a importar el catálogo de libros de Summa.' },
    curationPeople: {
      title: 'Curaduría de personas',
      lead: 'Recomendaciones de libros de personas conocidas.',
    },
    notFound: {
      title: 'Página no encontrada',
      lead: 'La dirección que abriste no existe o se movió.',
      backHome: 'Volver al inicio',
    },
  },
});
